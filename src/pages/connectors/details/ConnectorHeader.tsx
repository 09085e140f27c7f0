import { useState } from 'react';
import { Badge } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { IconBook, IconReplace } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConsoleConnector } from '#src/api/management/connectors.ts';
import { useDeleteConnector } from '#src/data/connectors.ts';
import { useTenantScope } from '#src/data/tenant-scope.ts';
import { Button } from '#src/ui/Button.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';
import { DetailHeader } from '#src/ui/detail/DetailHeader.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { ConnectorLogo } from '../ConnectorLogo.tsx';
import { Markdown } from '../Markdown.tsx';
import { connectorName, connectorTabOf, localized, typeNames } from '../connector-names.ts';
import { usedByText } from '../connector-usage.ts';

/** A connector's header (connectors.md §4.1): logo, name, type, ID, its README, and the actions menu. */
export function ConnectorHeader({ connector, onChange }: { connector: ConsoleConnector; onChange: () => void }) {
  const { t, i18n } = useLingui();
  const { tenantId } = useTenantScope();
  const navigate = useNavigate();
  const deleteConnector = useDeleteConnector();
  const [readme, setReadme] = useState(false);
  const name = connectorName(connector, i18n.locale);
  const usedBy = usedByText(connector, i18n);
  const tab = connectorTabOf(connector.type);
  usePageTitle(name);

  const remove = async () => {
    await deleteConnector.mutateAsync(connector.id);
    notifications.show({ color: 'green', message: t`${name} deleted` });
    await navigate({ to: '/$tenantId/connectors/$tab', params: { tenantId, tab }, ignoreBlocker: true });
  };
  const typeName = i18n._(typeNames[connector.type]);

  return (
    <>
      <DetailHeader
        icon={<ConnectorLogo logo={connector.metadata.logo ?? connector.logo} logoDark={connector.metadata.logoDark ?? connector.logoDark} type={connector.type} size="xl" />}
        title={name}
        subtitle={usedBy ? t`Used by ${usedBy}.` : t`Not used by the sign-in experience.`}
        idLabel={t`ID`}
        id={connector.id}
        tags={
          <Badge variant="light" color="gray" tt="none">
            {`${typeName} · ${localized(connector.name, i18n.locale)}`}
          </Badge>
        }
        actions={
          <Button variant="default" leftSection={<IconBook size={16} aria-hidden="true" />} onClick={() => setReadme(true)}>
            <Trans>Check README</Trans>
          </Button>
        }
        menuItems={
          connector.type === 'Social'
            ? []
            : [
                {
                  label: connector.type === 'Email' ? t`Change e-mail connector` : t`Change SMS connector`,
                  icon: <IconReplace size={16} aria-hidden="true" />,
                  onClick: onChange,
                },
              ]
        }
        remove={{
          title: t`Delete connector`,
          message: usedBy
            ? t`${name} is used by ${usedBy}. Once it is deleted, users can no longer use it there. Delete it anyway?`
            : t`Delete ${name}? This cannot be undone.`,
          onConfirmed: () => void remove().catch(() => {}),
        }}
      />
      <Dialog opened={readme} onClose={() => setReadme(false)} size="lg" title={t`README`}>
        <Markdown source={connector.readme} headingLevel={3} />
      </Dialog>
    </>
  );
}
