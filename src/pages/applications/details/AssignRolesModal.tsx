import { useState } from 'react';
import { Checkbox, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { applicationQueries, useAssignRoles } from '#src/data/applications.ts';
import { Button } from '#src/ui/Button.tsx';
import { SearchInput } from '#src/ui/table/SearchInput.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';
import { writeThenClose } from '#src/ui/write-then-close.ts';

/** How many roles the picker lists at once; the search narrows them. */
const pickerSize = 50;

/** Picks machine-to-machine roles the app does not have yet, with a search; the picks survive a new search. */
export function AssignRolesModal({ applicationId, onClose }: { applicationId: string; onClose: () => void }) {
  const { t } = useLingui();
  const applications = useTenantQueries(applicationQueries);
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const roles = useQuery(applications.assignableRoles(applicationId, { page: 1, pageSize: pickerSize, ...(q ? { q } : {}) }));
  const assignRoles = useAssignRoles(applicationId);

  const assign = () => writeThenClose({ write: () => assignRoles.mutateAsync(picked), onClose });

  return (
    <Dialog opened onClose={onClose} title={t`Assign roles`} centered>
      <Stack gap="md">
        <SearchInput label={t`Search by role name`} value={q} onSearch={setQ} />
        <ScrollArea.Autosize mah={320}>
          {roles.isError ? (
            <Text c="red" fz="sm" role="alert">
              <Trans>The list could not be loaded.</Trans>
            </Text>
          ) : !roles.data ? (
            <Stack gap="xs" aria-busy="true">
              <Skeleton h={20} />
              <Skeleton h={20} />
            </Stack>
          ) : roles.data.items.length === 0 ? (
            <Text c="dimmed" fz="sm">
              {q ? t`No role matches "${q}".` : t`No machine-to-machine role left to assign. Create one on the roles page.`}
            </Text>
          ) : (
            <Checkbox.Group label={t`Machine-to-machine roles`} value={picked} onChange={setPicked}>
              <Stack gap="xs" mt="xs">
                {roles.data.items.map((role) => (
                  <Checkbox key={role.id} value={role.id} label={role.name} description={role.description} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => void assign()} disabled={picked.length === 0} loading={assignRoles.isPending}>
            <Trans>Assign roles</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
