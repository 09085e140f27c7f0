import type { ReactNode } from 'react';
import { ActionIcon, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useConfirmDialog } from '../confirm-dialog/useConfirmDialog.tsx';
import { withWordBreaks } from '../word-breaks.tsx';
import { CopyableId } from './CopyableId.tsx';

export type DeleteAction = {
  /** The dialog's title and confirm label. */
  title: string;
  message: ReactNode;
  /** The name the person types to confirm. */
  typedName?: { label: string; value: string };
  onConfirmed: () => void;
};

/** An item of the actions menu besides Delete (suspend, …); it asks its own questions. */
export type MenuAction = { label: string; icon: ReactNode; onClick: () => void };

export type DetailHeaderProps = {
  icon?: ReactNode;
  title: string;
  /** Under the title (a user's identifier under their name). */
  subtitle?: ReactNode;
  /** What the copyable value is (an id, an identifier) and the value. */
  idLabel: string;
  id: string;
  /** Tags beside the title: the type, "Default API", … */
  tags?: ReactNode;
  /** Buttons before the actions menu. */
  actions?: ReactNode;
  /** Items of the actions menu before Delete. */
  menuItems?: MenuAction[];
  /** The actions menu's delete, behind the confirm dialog. No menu without it or other items. */
  remove?: DeleteAction;
};

/** The header of every detail page: the name with its tags, the id to copy, and the actions. */
export function DetailHeader({ icon, title, subtitle, idLabel, id, tags, actions, menuItems = [], remove }: DetailHeaderProps) {
  const { t } = useLingui();
  const confirmation = useConfirmDialog();
  const askDelete = (action: DeleteAction) =>
    confirmation.ask(
      { title: action.title, confirmLabel: t`Delete`, children: <Text fz="sm">{action.message}</Text>, typedConfirmation: action.typedName },
      action.onConfirmed,
    );
  return (
    // The actions move below the name when both do not fit side by side, so that a long name keeps a readable width.
    <Group justify="space-between" align="flex-start" gap="md">
      {confirmation.dialog}
      <Group gap="md" wrap="nowrap" miw={0} style={{ flex: '1 1 20rem' }}>
        {icon}
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
              {withWordBreaks(title)}
            </Title>
            {tags}
          </Group>
          {subtitle && (
            <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {typeof subtitle === 'string' ? withWordBreaks(subtitle) : subtitle}
            </Text>
          )}
          <Group gap={6} wrap="nowrap" miw={0}>
            <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {idLabel}
            </Text>
            <CopyableId label={idLabel} value={id} wrap />
          </Group>
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap" ml="auto">
        {actions}
        {(remove || menuItems.length > 0) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label={t`More actions`}>
                <IconDots size={18} aria-hidden="true" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {menuItems.map((item) => (
                <Menu.Item key={item.label} leftSection={item.icon} onClick={item.onClick}>
                  {item.label}
                </Menu.Item>
              ))}
              {remove && (
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => askDelete(remove)}>
                  <Trans>Delete</Trans>
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Group>
  );
}
