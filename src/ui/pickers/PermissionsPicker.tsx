import { useEffect, useId, useState } from 'react';
import { ActionIcon, Checkbox, Collapse, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { IconChevronDown } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { RoleType } from '#schemas/role.ts';
import type { ResourceWithScopes } from '#src/api/management/resources.ts';
import { resourceQueries } from '#src/data/resources.ts';
import { ListLoadError } from '../table/ListLoadError.tsx';
import { SearchInput } from '../table/SearchInput.tsx';
import { PickerPanes, pickerPaneHeight } from './PickerPanes.tsx';

export type PermissionsPickerProps = {
  tenantId: string;
  /** A User role is not offered the management API: only machine-to-machine roles may hold its permission. */
  roleType: RoleType;
  /** Permissions the role has already: not offered. */
  excluded?: ReadonlySet<string>;
  value: string[];
  onChange: (scopeIds: string[]) => void;
};

/** What the role can be given: each API resource with the permissions it does not hold yet, those without any left out. */
const offeredTo = (resources: ResourceWithScopes[], roleType: RoleType, excluded: ReadonlySet<string> | undefined) =>
  resources
    .filter((resource) => roleType === 'MachineToMachine' || !resource.isBuiltIn)
    .map((resource) => ({ ...resource, scopes: resource.scopes.filter((scope) => !excluded?.has(scope.id)) }))
    .filter((resource) => resource.scopes.length > 0);

const matches = (text: string | null, q: string) => Boolean(text?.toLowerCase().includes(q.toLowerCase()));

/**
 * The permissions picker (roles.md §3): every API resource as a group of its permissions, searchable, with a checkbox
 * per permission and per resource; the chosen ones on the right, removable.
 */
export function PermissionsPicker({ tenantId, roleType, excluded, value, onChange }: PermissionsPickerProps) {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const query = useQuery(resourceQueries.withScopes(api, tenantId));
  const [search, setSearch] = useState({ q: '' });
  const { q } = search;
  const offered = offeredTo(query.data ?? [], roleType, excluded);
  const offeredIds = new Set(offered.flatMap((resource) => resource.scopes.map((scope) => scope.id)));
  const chosen = new Set(value);

  // A choice the role can no longer take (its type became User) is dropped.
  const kept = value.filter((id) => offeredIds.has(id));
  useEffect(() => {
    if (query.data && kept.length !== value.length) onChange(kept);
  });

  const toggle = (ids: string[], on: boolean) => onChange(on ? [...new Set([...value, ...ids])] : value.filter((id) => !ids.includes(id)));
  const shown = offered
    .map((resource) =>
      matches(resource.name, q) ? resource : { ...resource, scopes: resource.scopes.filter((scope) => matches(scope.name, q) || matches(scope.description, q)) },
    )
    .filter((resource) => resource.scopes.length > 0);
  const picked = offered.flatMap((resource) =>
    resource.scopes.filter((scope) => chosen.has(scope.id)).map((scope) => ({ id: scope.id, name: scope.name, detail: resource.name })),
  );

  const source = () => {
    if (query.isError && !query.data) return <ListLoadError onRetry={() => void query.refetch()} />;
    if (!query.data) return <Skeleton h={120} aria-hidden="true" />;
    if (shown.length === 0) {
      return (
        <Text fz="sm" c="dimmed">
          {q ? t`No permission matches "${search.q}".` : t`There are no permissions to assign. Create them on your API resources first.`}
        </Text>
      );
    }
    return shown.map((resource) => <ResourceGroup key={resource.id} resource={resource} chosen={chosen} expanded={Boolean(q)} onToggle={toggle} />);
  };

  return (
    <PickerPanes label={t`Permissions`} picked={picked} onUnpick={(id) => toggle([id], false)}>
      <SearchInput label={t`Search permissions`} value={q} onSearch={(next) => setSearch({ q: next })} />
      <ScrollArea.Autosize mah={pickerPaneHeight}>
        <Stack gap="xs">{source()}</Stack>
      </ScrollArea.Autosize>
    </PickerPanes>
  );
}

type ResourceGroupProps = {
  resource: ResourceWithScopes;
  chosen: ReadonlySet<string>;
  /** Open whatever the person folded (while searching). */
  expanded: boolean;
  onToggle: (scopeIds: string[], on: boolean) => void;
};

/** One API resource: a fold button, a checkbox for all of its permissions, and a checkbox for each. */
function ResourceGroup({ resource, chosen, expanded, onToggle }: ResourceGroupProps) {
  const { t } = useLingui();
  const [folded, setFolded] = useState(false);
  const groupId = useId();
  const ids = resource.scopes.map((scope) => scope.id);
  const count = ids.filter((id) => chosen.has(id)).length;
  const open = expanded || !folded;
  return (
    <Stack gap={4}>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-expanded={open}
          aria-controls={groupId}
          aria-label={t`Permissions of ${resource.name}`}
          onClick={() => setFolded(open)}
        >
          <IconChevronDown size={14} aria-hidden="true" style={{ transform: open ? undefined : 'rotate(-90deg)' }} />
        </ActionIcon>
        <Checkbox
          label={resource.name}
          checked={count === ids.length}
          indeterminate={count > 0 && count < ids.length}
          onChange={(event) => onToggle(ids, event.currentTarget.checked)}
          styles={{ label: { fontWeight: 500, overflowWrap: 'anywhere' } }}
        />
      </Group>
      <Collapse expanded={open} id={groupId}>
        <Stack gap={6} pl={36}>
          {resource.scopes.map((scope) => (
            <Checkbox
              key={scope.id}
              label={scope.name}
              description={scope.description}
              checked={chosen.has(scope.id)}
              onChange={(event) => onToggle([scope.id], event.currentTarget.checked)}
              styles={{ label: { overflowWrap: 'anywhere' }, description: { overflowWrap: 'anywhere' } }}
            />
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
