import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConsoleConnector } from '#src/api/management/connectors.ts';
import { connectorQueries, useDeleteConnector } from '#src/data/connectors.ts';
import { useTenantQueries, useTenantScope } from '#src/data/tenant-scope.ts';
import { LinkButton, tabLinkProps } from '#src/ui/LinkButton.tsx';
import { TabLinks } from '#src/ui/TabLinks.tsx';
import { externalLinks } from '#src/ui/links.ts';
import { pageNames, tabNames } from '#src/ui/page-names.ts';
import { CreateLink } from '#src/ui/table/CreateLink.tsx';
import { DataTable, type Column } from '#src/ui/table/DataTable.tsx';
import { ListEmpty } from '#src/ui/table/ListEmpty.tsx';
import { ListPageHeader } from '#src/ui/table/ListPageHeader.tsx';
import { NameCell } from '#src/ui/table/NameCell.tsx';
import { RowLink } from '#src/ui/table/RowLink.tsx';
import { SearchInput } from '#src/ui/table/SearchInput.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { ConnectorLogo } from './ConnectorLogo.tsx';
import { ConnectorsNotice } from './ConnectorsNotice.tsx';
import { connectorName, connectorTypeLabel, typeNames } from './connector-names.ts';
import { passwordlessRows, socialFilterThreshold, socialRows, type ConnectorRow } from './connector-rows.ts';

export type ConnectorsTab = 'passwordless' | 'social';

/** The connectors list (connectors.md §1): the e-mail and SMS slots, or one row per social target. */
export function ConnectorsPage({ tab }: { tab: ConnectorsTab }) {
  const { t, i18n } = useLingui();
  const { tenantId } = useTenantScope();
  const list = useQuery(useTenantQueries(connectorQueries).list());
  const [q, setQ] = useState('');
  const deleteConnector = useDeleteConnector();
  const confirmation = useConfirmDialog();
  const title = i18n._(pageNames.connectors);
  usePageTitle(`${title} · ${i18n._(tabNames[tab])}`);

  const connectors = list.data ?? [];
  const allRows = tab === 'social' ? socialRows(connectors) : passwordlessRows(connectors);
  const filtering = tab === 'social' && allRows.length > socialFilterThreshold;
  const rows = filtering && q ? allRows.filter((row) => row.connectors.some((each) => connectorName(each, i18n.locale).toLowerCase().includes(q.toLowerCase()))) : allRows;
  const addSocial = (
    <CreateLink to="/$tenantId/connectors/$tab/create/$createType" params={{ tenantId, tab: 'social', createType: 'Social' }}>
      <Trans>Add social connector</Trans>
    </CreateLink>
  );

  const removeDemo = (connector: ConsoleConnector) => {
    const name = connectorName(connector, i18n.locale);
    confirmation.ask(
      { title: t`Delete connector`, confirmLabel: t`Delete`, children: <Text fz="sm">{t`Delete ${name}? This cannot be undone.`}</Text> },
      () => void deleteConnector.mutateAsync(connector.id).catch(() => {}),
    );
  };

  const nameOf = (row: ConnectorRow) => {
    const [first] = row.connectors;
    if (!first) return row.type === 'Email' ? t`E-mail connector` : t`SMS connector`;
    return connectorName(first, i18n.locale);
  };

  const columns: Column<ConnectorRow>[] = [
    {
      key: 'name',
      title: t`Name`,
      render: (row) => {
        const [first] = row.connectors;
        const platforms = row.type === 'Social' ? row.connectors.map((each) => each.platform).filter(Boolean).join(' · ') : '';
        return (
          <Stack gap={2}>
            <NameCell
              icon={<ConnectorLogo logo={first?.metadata.logo ?? first?.logo} logoDark={first?.metadata.logoDark ?? first?.logoDark} type={row.type} />}
              name={nameOf(row)}
              tags={first?.isDemo && <Badge variant="light" color="gray">{t`Demo`}</Badge>}
            />
            {platforms && (
              <Text fz="xs" c="dimmed" pl={40}>
                {platforms}
              </Text>
            )}
          </Stack>
        );
      },
    },
    {
      key: 'type',
      title: t`Type`,
      render: (row) => (row.connectors[0] ? connectorTypeLabel(row.connectors[0], i18n) : i18n._(typeNames[row.type])),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>{t`Actions`}</VisuallyHidden>,
      holdsLink: false,
      render: (row) => {
        const [first] = row.connectors;
        if (!first)
          return (
            <LinkButton variant="default" size="xs" to="/$tenantId/connectors/$tab/create/$createType" params={{ tenantId, tab: 'passwordless', createType: row.type }}>
              <Trans>Set up</Trans>
            </LinkButton>
          );
        return first.isDemo ? (
          <ActionIcon variant="subtle" color="red" aria-label={t`Delete ${nameOf(row)}`} onClick={() => removeDemo(first)}>
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        ) : null;
      },
    },
  ];

  return (
    <Stack gap="lg" p="md">
      {confirmation.dialog}
      <ListPageHeader
        title={title}
        description={
          <Trans>
            Send verification codes by e-mail and SMS, and let users sign in with other identity providers.{' '}
            <Anchor href={`${externalLinks.docs}/connectors`} target="_blank" rel="noopener noreferrer" fz="sm" underline="always">
              Learn more
            </Anchor>
          </Trans>
        }
        action={tab === 'social' && allRows.length > 0 && addSocial}
      />
      <TabLinks label={t`Connector tabs`}>
        {(['passwordless', 'social'] as const).map((each) => (
          <LinkButton key={each} to="/$tenantId/connectors/$tab" params={{ tenantId, tab: each }} {...tabLinkProps}>
            {i18n._(tabNames[each])}
          </LinkButton>
        ))}
      </TabLinks>
      {connectors.length > 0 && <ConnectorsNotice tenantId={tenantId} />}
      {filtering && <SearchInput label={t`Search by name`} value={q} onSearch={setQ} />}
      <DataTable
        label={tab === 'social' ? t`Social connectors` : t`Passwordless connectors`}
        columns={columns}
        list={{ ...list, data: list.data && { items: rows, total: rows.length } }}
        rowKey={(row) => row.key}
        rowLink={(row, children) => {
          const [first] = row.connectors;
          if (!first || first.isDemo) return children;
          return (
            <RowLink to="/$tenantId/connectors/$tab/$connectorId" params={{ tenantId, tab, connectorId: first.id }}>
              {children}
            </RowLink>
          );
        }}
        empty={
          <ListEmpty
            text={q ? t`No social connector matches "${q}".` : t`No social connectors yet. Add one to let users sign in with another identity provider.`}
            action={!q && addSocial}
          />
        }
        page={1}
        pageSize={Math.max(rows.length, 1)}
        onPageChange={() => {}}
      />
    </Stack>
  );
}
