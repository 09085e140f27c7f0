import { Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconTrash, IconUserCheck, IconUserOff, IconUserShield } from '@tabler/icons-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BulkUser, UserBulkAction, UserBulkActionEvent, UserBulkActionSnapshot } from '#machines/user-bulk-action.machine.ts';
import { Button } from '#src/ui/Button.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';
import { ProgressDialog } from '#src/ui/ProgressDialog.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog/ConfirmDialog.tsx';
import { confirmationOf } from './messages.ts';
import { RolePickerDialog, type RoleChoices } from './RolePickerDialog.tsx';

export type UserBulkActionViewProps = {
  state: UserBulkActionSnapshot;
  send: (event: UserBulkActionEvent) => void;
  /** The users selected in the list. */
  selected: BulkUser[];
  onClearSelection: () => void;
  /** The role picker's choices, while it is open. */
  roles: RoleChoices;
};

/** The toolbar over the selected users and the dialogs of a bulk action: role picker, confirmation, progress, failures. */
export function UserBulkActionView({ state, send, selected, onClearSelection, roles }: UserBulkActionViewProps) {
  const { t } = useLingui();
  const { action, users, role, outcome } = state.context;
  const start = (next: UserBulkAction) => send({ type: 'START', action: next, users: selected });
  const cancel = () => send({ type: 'CANCEL' });
  const close = () => send({ type: 'CLOSE' });
  const confirmation = confirmationOf(action, users.length, role);
  const failed = outcome?.failed ?? [];

  return (
    <>
      {selected.length > 0 && (
        <Paper withBorder px="md" py="xs" role="region" aria-label={t`Bulk actions`}>
          <Group gap="xs" justify="space-between">
            <Text fz="sm" fw={500} role="status">
              {plural(selected.length, { one: '# user selected', other: '# users selected' })}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" leftSection={<IconUserShield size={14} aria-hidden="true" />} onClick={() => start('assignRole')}>
                <Trans>Assign role</Trans>
              </Button>
              <Button size="xs" variant="default" leftSection={<IconUserOff size={14} aria-hidden="true" />} onClick={() => start('suspend')}>
                <Trans>Suspend</Trans>
              </Button>
              <Button size="xs" variant="default" leftSection={<IconUserCheck size={14} aria-hidden="true" />} onClick={() => start('reactivate')}>
                <Trans>Reactivate</Trans>
              </Button>
              <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} aria-hidden="true" />} onClick={() => start('delete')}>
                <Trans>Delete</Trans>
              </Button>
              <Button size="xs" variant="subtle" color="gray" onClick={onClearSelection}>
                <Trans>Clear selection</Trans>
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {state.matches('pickingRole') && (
        <RolePickerDialog count={users.length} roles={roles} onPick={(picked) => send({ type: 'PICK_ROLE', role: picked })} onCancel={cancel} />
      )}
      {state.matches('confirming') && (
        <ConfirmDialog
          key={action}
          title={confirmation.title}
          confirmLabel={confirmation.confirmLabel}
          onResult={(result) => send({ type: result === 'confirmed' ? 'CONFIRM' : 'CANCEL' })}
        >
          <Text fz="sm">{confirmation.body}</Text>
        </ConfirmDialog>
      )}
      <ProgressDialog opened={state.matches('running')} title={confirmation.title}>
        {plural(users.length, { one: 'Working on # user…', other: 'Working on # users…' })}
      </ProgressDialog>
      <Dialog
        opened={state.matches('reported')}
        onClose={close}
        title={plural(failed.length, { one: '# user could not be changed', other: '# users could not be changed' })}
        withCloseButton={false}
        centered
      >
        <Stack gap="md">
          <Text fz="sm">
            <Trans>They stay selected, so you can try again.</Trans>
          </Text>
          <List fz="sm" spacing={4}>
            {failed.map(({ user, message }) => (
              <List.Item key={user.id}>
                <Text span fz="sm" fw={500}>
                  {user.title}
                </Text>
                : {message}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              <Trans>Close</Trans>
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
