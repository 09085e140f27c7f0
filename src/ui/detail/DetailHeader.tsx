import type { ReactNode } from 'react';
import { ActionIcon, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useConfirmDialog } from '../../flows/confirm-dialog/useConfirmDialog.tsx';
import { CopyableId } from './CopyableId.tsx';

export type DeleteAction = {
  /** The dialog's title and confirm label. */
  title: string;
  message: ReactNode;
  /** The name the person types to confirm. */
  typedName?: { label: string; value: string };
  onConfirmed: () => void;
};

export type DetailHeaderProps = {
  icon?: ReactNode;
  title: string;
  /** What the copyable value is (an id, an identifier) and the value. */
  idLabel: string;
  id: string;
  /** Tags beside the title: the type, "Default API", … */
  tags?: ReactNode;
  /** Buttons before the actions menu. */
  actions?: ReactNode;
  /** The actions menu's delete, behind the confirm dialog; no menu without it. */
  remove?: DeleteAction;
};

/** The header of every detail page: the name with its tags, the id to copy, and the actions. */
export function DetailHeader({ icon, title, idLabel, id, tags, actions, remove }: DetailHeaderProps) {
  const { t } = useLingui();
  const confirmation = useConfirmDialog();
  const askDelete = (action: DeleteAction) =>
    confirmation.ask(
      { title: action.title, confirmLabel: t`Delete`, children: <Text fz="sm">{action.message}</Text>, typedConfirmation: action.typedName },
      action.onConfirmed,
    );
  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
      {confirmation.dialog}
      <Group gap="md" wrap="nowrap" miw={0}>
        {icon}
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {tags}
          </Group>
          <Group gap={6} wrap="nowrap" miw={0}>
            <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {idLabel}
            </Text>
            <CopyableId label={idLabel} value={id} />
          </Group>
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {actions}
        {remove && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label={t`More actions`}>
                <IconDots size={18} aria-hidden="true" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => askDelete(remove)}>
                <Trans>Delete</Trans>
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Group>
  );
}
