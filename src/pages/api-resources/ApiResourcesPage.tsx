import { Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useRouteContext } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Resource } from '#schemas/resource.ts';
import { resourceQueries } from '#src/data/resources.ts';
import { LinkButton } from '#src/ui/LinkButton.tsx';
import { CopyableId } from '#src/ui/detail/CopyableId.tsx';
import { NameCell } from '#src/ui/table/NameCell.tsx';
import { DataTable, type Column } from '#src/ui/table/DataTable.tsx';
import { ListEmpty } from '#src/ui/table/ListEmpty.tsx';
import { ListPageHeader } from '#src/ui/table/ListPageHeader.tsx';
import { SearchInput } from '#src/ui/table/SearchInput.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { externalLinks } from '#src/ui/links.ts';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { pageNames } from '../names.ts';
import { ResourceIcon } from './ResourceIcon.tsx';
import { ResourceTags } from './ResourceTags.tsx';

/** The tenant's API resources: its built-in management API first, then the newest; search by name or identifier. */
export function ApiResourcesPage() {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const { search, query, setQ, setPage } = useListSearch();
  const list = useQuery(resourceQueries.list(api, tenantId, query));
  const title = i18n._(pageNames.apiResources);
  usePageTitle(title);

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
    <LinkButton to="/$tenantId/api-resources/create" params={{ tenantId }} search={search} leftSection={<IconPlus size={16} aria-hidden="true" />}>
      <Trans>Create API resource</Trans>
    </LinkButton>
  );

  return (
    <Stack gap="lg" p="md">
      <ListPageHeader
        title={title}
        description={
          <Trans>
            Register your APIs and their permissions, so that access tokens can be issued for them.{' '}
            <Anchor href={`${externalLinks.docs}/api-resources`} target="_blank" rel="noopener noreferrer" fz="sm" underline="always">
              Learn more
            </Anchor>
          </Trans>
        }
        action={create}
      />
      <SearchInput label={t`Search by name or identifier`} value={search.q} onSearch={setQ} />
      <DataTable
        label={t`API resources`}
        columns={columns}
        list={list}
        rowKey={(resource) => resource.id}
        rowLink={(resource, children) => (
          <Link to="/$tenantId/api-resources/$id/permissions" params={{ tenantId, id: resource.id }} data-row-link style={{ color: 'inherit', textDecoration: 'none' }}>
            {children}
          </Link>
        )}
        empty={<ListEmpty text={search.q ? t`No API resource matches "${search.q}".` : t`No API resources yet.`} action={create} />}
        page={query.page}
        pageSize={query.pageSize}
        onPageChange={setPage}
      />
    </Stack>
  );
}
