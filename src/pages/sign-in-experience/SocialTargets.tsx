import { useId } from 'react';
import { ActionIcon, Group, Menu, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConsoleConnector } from '#src/api/management/connectors.ts';
import { useTenantScope } from '#src/data/tenant-scope.ts';
import { ConnectorLogo } from '#src/pages/connectors/ConnectorLogo.tsx';
import { connectorName } from '#src/pages/connectors/connector-names.ts';
import { Button } from '#src/ui/Button.tsx';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import type { SignInExperienceValues } from './form.ts';

type Form = UseFormReturnType<SignInExperienceValues>;

/**
 * The social buttons of the sign-in page, in order (sign-in-experience.md §4): each a target of one of the tenant's
 * social connectors, shown by its name and logo. A target whose connector is gone shows as the bare target.
 */
export function SocialTargets({ form, connectors }: { form: Form; connectors: readonly ConsoleConnector[] }) {
  const { t, i18n } = useLingui();
  const { tenantId } = useTenantScope();
  const labelId = useId();
  const targets = form.getValues().socialSignInConnectorTargets;
  const byTarget = new Map(connectors.filter((connector) => connector.type === 'Social').map((connector) => [connector.target, connector]));
  const addable = [...byTarget.values()].filter((connector) => !targets.includes(connector.target));
  const path = 'socialSignInConnectorTargets';
  if (byTarget.size === 0 && targets.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        <Trans>
          No social sign-in yet. Set up a social connector under{' '}
          <LinkAnchor to="/$tenantId/connectors/$tab" params={{ tenantId, tab: 'social' }} fz="inherit" underline="always">
            Connectors
          </LinkAnchor>{' '}
          first.
        </Trans>
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text fz="sm" fw={500} id={labelId}>
        <Trans>Social sign-in buttons, in the order the page shows them</Trans>
      </Text>
      <Stack gap={4} role="group" aria-labelledby={labelId}>
        {targets.length === 0 && (
          <Text fz="sm" c="dimmed">
            <Trans>No social buttons yet: add one of the tenant's social connectors.</Trans>
          </Text>
        )}
        {targets.map((target, index) => {
          const connector = byTarget.get(target);
          const name = connector ? connectorName(connector, i18n.locale) : target;
          return (
            <Group key={target} justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <ConnectorLogo logo={connector?.metadata.logo ?? connector?.logo} logoDark={connector?.metadata.logoDark ?? connector?.logoDark} type="Social" />
                <Text fz="sm" dir="auto">
                  {name}
                </Text>
                <Text fz="xs" c="dimmed" ff="monospace">
                  {target}
                </Text>
              </Group>
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" color="gray" aria-label={t`Move ${name} up`} disabled={index === 0} onClick={() => form.reorderListItem(path, { from: index, to: index - 1 })}>
                  <IconArrowUp size={16} aria-hidden="true" />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t`Move ${name} down`}
                  disabled={index === targets.length - 1}
                  onClick={() => form.reorderListItem(path, { from: index, to: index + 1 })}
                >
                  <IconArrowDown size={16} aria-hidden="true" />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={t`Remove ${name}`} onClick={() => form.removeListItem(path, index)}>
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            </Group>
          );
        })}
      </Stack>
      {addable.length > 0 && (
        <Menu position="bottom-start">
          <Menu.Target>
            <Button variant="default" size="xs" leftSection={<IconPlus size={14} aria-hidden="true" />} w="fit-content">
              <Trans>Add a social button</Trans>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {addable.map((connector) => (
              <Menu.Item
                key={connector.target}
                leftSection={<ConnectorLogo logo={connector.metadata.logo ?? connector.logo} logoDark={connector.metadata.logoDark ?? connector.logoDark} type="Social" />}
                onClick={() => form.insertListItem(path, connector.target)}
              >
                {connectorName(connector, i18n.locale)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Stack>
  );
}
