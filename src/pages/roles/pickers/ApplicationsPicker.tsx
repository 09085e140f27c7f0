import { useState } from 'react';
import { Checkbox, Group, Pagination, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { Application } from '../../../../schemas/application.ts';
import { roleQueries } from '../../../data/roles.ts';
import { ListLoadError } from '../../../ui/table/ListLoadError.tsx';
import { SearchInput } from '../../../ui/table/SearchInput.tsx';
import { PickerPanes, pickerPaneHeight } from './PickerPanes.tsx';

export type ApplicationsPickerProps = {
  tenantId: string;
  roleId: string;
  value: Application[];
  onChange: (applications: Application[]) => void;
};

const pageSize = 20;

/** The machine-to-machine apps that do not hold the role yet, searched and paged by the server; the chosen ones on the right. */
export function ApplicationsPicker({ tenantId, roleId, value, onChange }: ApplicationsPickerProps) {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const [search, setSearch] = useState({ q: '', page: 1 });
  const query = useQuery(roleQueries.candidates(api, tenantId, { excludeRoleId: roleId, page: search.page, pageSize, ...(search.q ? { q: search.q } : {}) }));
  const chosen = new Set(value.map((application) => application.id));
  const toggle = (application: Application, on: boolean) =>
    onChange(on ? [...value, application] : value.filter(({ id }) => id !== application.id));
  const { data } = query;

  const source = () => {
    if (query.isError && !data) return <ListLoadError onRetry={() => void query.refetch()} />;
    if (!data) return <Skeleton h={120} aria-hidden="true" />;
    if (data.items.length === 0) {
      return (
        <Text fz="sm" c="dimmed">
          {search.q ? t`No application matches "${search.q}".` : t`Every machine-to-machine app has this role, or there are none yet.`}
        </Text>
      );
    }
    return data.items.map((application) => (
      <Checkbox
        key={application.id}
        label={application.name}
        description={application.description}
        checked={chosen.has(application.id)}
        onChange={(event) => toggle(application, event.currentTarget.checked)}
        styles={{ label: { overflowWrap: 'anywhere' }, description: { overflowWrap: 'anywhere' } }}
      />
    ));
  };

  return (
    <PickerPanes
      label={t`Applications`}
      picked={value.map(({ id, name }) => ({ id, name }))}
      onUnpick={(id) => onChange(value.filter((application) => application.id !== id))}
    >
      <SearchInput label={t`Search applications`} value={search.q} onSearch={(q) => setSearch({ q, page: 1 })} />
      <ScrollArea.Autosize mah={pickerPaneHeight}>
        <Stack gap={6} aria-busy={query.isFetching || undefined}>
          {source()}
        </Stack>
      </ScrollArea.Autosize>
      {data && data.total > pageSize && (
        <Group justify="flex-end">
          <Pagination
            total={Math.ceil(data.total / pageSize)}
            value={search.page}
            onChange={(page) => setSearch({ ...search, page })}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': control === 'previous' ? t`Previous page` : t`Next page` })}
            getItemProps={(item) => ({ 'aria-label': t`Page ${item}` })}
          />
        </Group>
      )}
    </PickerPanes>
  );
}
