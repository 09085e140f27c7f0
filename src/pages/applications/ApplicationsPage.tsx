import { Anchor, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouteContext } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { offeredApplicationTypes, thirdPartyApplicationTypes, type Application } from '#schemas/application.ts';
import type { ApplicationListSearch } from '#schemas/list-search/applications.ts';
import { applicationQueries } from '#src/data/applications.ts';
import { LinkButton, tabLinkProps } from '#src/ui/LinkButton.tsx';
import { CopyableId } from '#src/ui/detail/CopyableId.tsx';
import { externalLinks } from '#src/ui/links.ts';
import { CreateLink } from '#src/ui/table/CreateLink.tsx';
import type { Column } from '#src/ui/table/DataTable.tsx';
import { ListPage } from '#src/ui/table/ListPage.tsx';
import { NameCell } from '#src/ui/table/NameCell.tsx';
import { RowLink } from '#src/ui/table/RowLink.tsx';
import { ToggleGroup } from '#src/ui/table/ToggleGroup.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { pageNames, tabNames } from '#src/ui/page-names.ts';
import { ApplicationIcon, applicationTypeInfo } from './application-types.tsx';
import { ApplicationTags } from './ApplicationTags.tsx';

const allTypes = 'all';

/** The tenant's applications, newest first: first-party or third-party, by search text and type (applications.md §2). */
export function ApplicationsPage({ thirdParty, search: urlSearch }: { thirdParty: boolean; search: ApplicationListSearch }) {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const listSearch = useListSearch(urlSearch);
  const { search, query, setFilter } = listSearch;
  const { type } = search;
  const list = useQuery(applicationQueries.list(api, tenantId, { ...query, isThirdParty: thirdParty, type }));
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

  const create = (
    <CreateLink to="/$tenantId/applications/create" params={{ tenantId }} search={{ ...search, ...(thirdParty ? { thirdParty: true } : {}) }}>
      {thirdParty ? <Trans>Create third-party app</Trans> : <Trans>Create application</Trans>}
    </CreateLink>
  );

  return (
    <ListPage
      title={i18n._(pageNames.applications)}
      tableLabel={thirdParty ? t`Third-party applications` : t`Applications`}
      description={
        <Trans>
          Register the apps that sign users in or call your APIs, and get their credentials.{' '}
          <Anchor href={`${externalLinks.docs}/applications`} target="_blank" rel="noopener noreferrer" fz="sm" underline="always">
            Learn more
          </Anchor>
        </Trans>
      }
      create={create}
      listSearch={listSearch}
      searchLabel={t`Search by name, ID or description`}
      filters={
        <ToggleGroup
          label={t`Type`}
          value={type ?? allTypes}
          options={[{ value: allTypes, label: t`All types` }, ...types.map((value) => ({ value, label: i18n._(applicationTypeInfo[value].label) }))]}
          onChange={(value) => setFilter({ type: value === allTypes ? undefined : value })}
        />
      }
      filtered={Boolean(type)}
      columns={columns}
      list={list}
      rowKey={(application) => application.id}
      rowLink={(application, children) => (
        <RowLink to="/$tenantId/applications/$id/settings" params={{ tenantId, id: application.id }}>
          {children}
        </RowLink>
      )}
      emptyText={
        search.q || type
          ? t`No application matches this search.`
          : thirdParty
            ? t`No third-party apps yet. A third-party app is a partner's app that signs your users in with their consent.`
            : t`No applications yet. Create one from a guide for your framework, or without one.`
      }
    >
      <Group component="nav" aria-label={t`Application lists`} gap="xs">
        <LinkButton to="/$tenantId/applications" params={{ tenantId }} activeOptions={{ exact: true }} {...tabLinkProps}>
          <Trans>My applications</Trans>
        </LinkButton>
        <LinkButton to="/$tenantId/applications/third-party-applications" params={{ tenantId }} {...tabLinkProps}>
          {i18n._(tabNames['third-party-applications'])}
        </LinkButton>
      </Group>
    </ListPage>
  );
}
