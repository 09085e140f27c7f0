import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouteContext } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ListSearch } from '#schemas/paging.ts';
import type { Resource } from '#schemas/resource.ts';
import { resourceQueries } from '#src/data/resources.ts';
import { CopyableId } from '#src/ui/detail/CopyableId.tsx';
import { externalLinks } from '#src/ui/links.ts';
import { CreateLink } from '#src/ui/table/CreateLink.tsx';
import type { Column } from '#src/ui/table/DataTable.tsx';
import { ListPage } from '#src/ui/table/ListPage.tsx';
import { NameCell } from '#src/ui/table/NameCell.tsx';
import { RowLink } from '#src/ui/table/RowLink.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { pageNames } from '#src/ui/page-names.ts';
import { ResourceIcon } from './ResourceIcon.tsx';
import { ResourceTags } from './ResourceTags.tsx';

/** The tenant's API resources: its built-in management API first, then the newest; search by name or identifier. */
export function ApiResourcesPage({ search: urlSearch }: { search: ListSearch }) {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const listSearch = useListSearch(urlSearch);
  const { search, query } = listSearch;
  const list = useQuery(resourceQueries.list(api, tenantId, query));

  const columns: Column<Resource>[] = [
    {
      key: 'name',
      title: t`API name`,
      render: (resource) => (
        <NameCell icon={<ResourceIcon resource={resource} />} name={resource.name} tags={<ResourceTags resource={resource} />} />
      ),
    },
    { key: 'indicator', title: t`API identifier`, render: (resource) => <CopyableId label={t`API identifier`} value={resource.indicator} /> },
  ];

  const create = (
    <CreateLink to="/$tenantId/api-resources/create" params={{ tenantId }} search={search}>
      <Trans>Create API resource</Trans>
    </CreateLink>
  );

  return (
    <ListPage
      title={i18n._(pageNames.apiResources)}
      tableLabel={t`API resources`}
      description={
        <Trans>
          Register your APIs and their permissions, so that access tokens can be issued for them.{' '}
          <Anchor href={`${externalLinks.docs}/api-resources`} target="_blank" rel="noopener noreferrer" fz="sm" underline="always">
            Learn more
          </Anchor>
        </Trans>
      }
      create={create}
      listSearch={listSearch}
      searchLabel={t`Search by name or identifier`}
      columns={columns}
      list={list}
      rowKey={(resource) => resource.id}
      rowLink={(resource, children) => (
        <RowLink to="/$tenantId/api-resources/$id/permissions" params={{ tenantId, id: resource.id }}>
          {children}
        </RowLink>
      )}
      emptyText={search.q ? t`No API resource matches "${search.q}".` : t`No API resources yet.`}
      emptyAction={create}
    />
  );
}
