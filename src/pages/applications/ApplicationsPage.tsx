import { Anchor, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useRouteContext, useSearch } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { offeredApplicationTypes, thirdPartyApplicationTypes, type Application } from '#schemas/application.ts';
import { applicationQueries } from '#src/data/applications.ts';
import { LinkButton, tabLinkProps } from '#src/ui/LinkButton.tsx';
import { CopyableId } from '#src/ui/detail/CopyableId.tsx';
import { ListEmpty } from '#src/ui/table/ListEmpty.tsx';
import { NameCell } from '#src/ui/table/NameCell.tsx';
import { DataTable, type Column } from '#src/ui/table/DataTable.tsx';
import { SearchInput } from '#src/ui/table/SearchInput.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { externalLinks } from '#src/ui/links.ts';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { pageNames, tabNames } from '../names.ts';
import { ApplicationIcon, applicationTypeInfo } from './application-types.tsx';
import { ApplicationTags } from './ApplicationTags.tsx';
import { isOfferedType, readApplicationListSearch } from './list-search.ts';

/** The tenant's applications, newest first: first-party or third-party, by search text and type (applications.md §2). */
export function ApplicationsPage({ thirdParty }: { thirdParty: boolean }) {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const { type } = readApplicationListSearch(useSearch({ strict: false }));
  const { search, query, setQ, setPage, setFilter } = useListSearch();
  const list = useQuery(applicationQueries.list(api, tenantId, { ...query, isThirdParty: thirdParty, type }));
  const title = i18n._(pageNames.applications);
  usePageTitle(title);
  const types = thirdParty ? thirdPartyApplicationTypes : offeredApplicationTypes;

  const columns: Column<Application>[] = [
    {
      key: 'name',
      title: t`Application name`,
      render: (application) => (
        <NameCell icon={<ApplicationIcon type={application.type} />} name={application.name} tags={<ApplicationTags application={application} />} />
      ),
    },
    { key: 'id', title: t`App ID`, render: (application) => <CopyableId label={t`App ID`} value={application.id} /> },
  ];

  const listSearch = { ...search, ...(type ? { type } : {}) };
  const create = (
    <LinkButton
      to="/$tenantId/applications/create"
      params={{ tenantId }}
      search={{ ...listSearch, ...(thirdParty ? { thirdParty: true } : {}) }}
      leftSection={<IconPlus size={16} aria-hidden="true" />}
    >
      {thirdParty ? <Trans>Create third-party app</Trans> : <Trans>Create application</Trans>}
    </LinkButton>
  );
  const filtered = Boolean(search.q || type);

  return (
    <Stack gap="lg" p="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {title}
          </Title>
          <Text c="dimmed" fz="sm">
            <Trans>
              Register the apps that sign users in or call your APIs, and get their credentials.{' '}
              <Anchor href={`${externalLinks.docs}/applications`} target="_blank" rel="noopener noreferrer" fz="sm" underline="always">
                Learn more
              </Anchor>
            </Trans>
          </Text>
        </Stack>
        {create}
      </Group>
      <Group component="nav" aria-label={t`Application lists`} gap="xs">
        <LinkButton to="/$tenantId/applications" params={{ tenantId }} activeOptions={{ exact: true }} {...tabLinkProps}>
          <Trans>My applications</Trans>
        </LinkButton>
        <LinkButton to="/$tenantId/applications/third-party-applications" params={{ tenantId }} {...tabLinkProps}>
          {i18n._(tabNames['third-party-applications'])}
        </LinkButton>
      </Group>
      <Group gap="sm" align="flex-end">
        <SearchInput label={t`Search by name, ID or description`} value={search.q} onSearch={setQ} />
        <NativeSelect
          aria-label={t`Type`}
          value={type ?? ''}
          w={{ base: '100%', xs: 220 }}
          data={[{ value: '', label: t`All types` }, ...types.map((value) => ({ value, label: i18n._(applicationTypeInfo[value].label) }))]}
          onChange={(event) => setFilter({ type: isOfferedType(event.currentTarget.value) ? event.currentTarget.value : undefined })}
        />
      </Group>
      <DataTable
        label={thirdParty ? t`Third-party applications` : t`Applications`}
        columns={columns}
        list={list}
        rowKey={(application) => application.id}
        rowLink={(application, children) => (
          <Link to="/$tenantId/applications/$id/settings" params={{ tenantId, id: application.id }} data-row-link style={{ color: 'inherit', textDecoration: 'none' }}>
            {children}
          </Link>
        )}
        empty={
          <ListEmpty
            text={
              filtered
                ? t`No application matches this search.`
                : thirdParty
                  ? t`No third-party apps yet. A third-party app is a partner's app that signs your users in with their consent.`
                  : t`No applications yet. Create one from a guide for your framework, or without one.`
            }
            action={!filtered && create}
          />
        }
        page={query.page}
        pageSize={query.pageSize}
        onPageChange={setPage}
      />
    </Stack>
  );
}
