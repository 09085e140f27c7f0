import { useState } from 'react';
import { Group, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BulkRole } from '#machines/user-bulk-action.machine.ts';
import type { Role } from '#schemas/role.ts';
import type { Page } from '#src/api/client.ts';
import { Button } from '#src/ui/Button.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';
import { loadingOrError } from '#src/ui/table/ListLoadError.tsx';
import { SearchInput } from '#src/ui/table/SearchInput.tsx';

/** The User roles to pick from: the first page of a search (the search narrows them). */
export type RoleChoices = {
  data: Page<Role> | undefined;
  isError: boolean;
  refetch: () => unknown;
  q: string;
  onSearch: (q: string) => void;
};

export type RolePickerDialogProps = { count: number; roles: RoleChoices; onPick: (role: BulkRole) => void; onCancel: () => void };

/** Assign role, first step: which User role the selected users get. */
export function RolePickerDialog({ count, roles, onPick, onCancel }: RolePickerDialogProps) {
  const { t } = useLingui();
  const [picked, setPicked] = useState<Role>();
  const { data, q } = roles;

  const choices = () => {
    if (!data) return loadingOrError(roles, 48);
    if (data.items.length === 0) {
      return (
        <Text c="dimmed" fz="sm">
          {q ? t`No role matches "${q}".` : t`No user roles yet. Create one on the roles page.`}
        </Text>
      );
    }
    return (
      <Radio.Group
        label={t`User roles`}
        value={picked?.id ?? null}
        onChange={(id) => setPicked(data.items.find((role) => role.id === id))}
      >
        <Stack gap="xs" mt="xs">
          {data.items.map((role) => (
            <Radio key={role.id} value={role.id} label={role.name} description={role.description} />
          ))}
        </Stack>
      </Radio.Group>
    );
  };

  return (
    <Dialog opened onClose={onCancel} title={t`Assign a role`} centered>
      <Stack gap="md">
        <Text fz="sm">{plural(count, { one: 'Pick the role to give the # selected user.', other: 'Pick the role to give the # selected users.' })}</Text>
        <SearchInput label={t`Search roles`} value={q} onSearch={roles.onSearch} />
        <ScrollArea.Autosize mah={320}>{choices()}</ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button disabled={!picked} onClick={() => picked && onPick({ id: picked.id, name: picked.name })}>
            <Trans>Continue</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
