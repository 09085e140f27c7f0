import { useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useLingui } from '@lingui/react/macro';
import {
  userBulkActionMachine,
  type BulkOutcome,
  type BulkRun,
  type BulkUser,
  type UserBulkActionContext,
} from '#machines/user-bulk-action.machine.ts';
import { tenantKeys } from '#src/data/keys.ts';
import { roleQueries } from '#src/data/roles.ts';
import { runMutation } from '#src/data/run-mutation.ts';
import { usersApi } from '#src/data/users.ts';
import { eachUser } from './run.ts';
import { doneMessageOf } from './messages.ts';
import { UserBulkActionView } from './UserBulkActionView.tsx';

export type UserBulkActionFlowProps = {
  tenantId: string;
  selected: BulkUser[];
  onSelectionChange: (users: BulkUser[]) => void;
};

/** How many roles the picker lists at once; the search narrows them. */
const pickerSize = 50;

/** Bulk actions on the users selected in the list: each write is a mutation of its own, then the lists are refetched. */
export function UserBulkActionFlow({ tenantId, selected, onSelectionChange }: UserBulkActionFlowProps) {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  // The machine is made once; what it calls back reads the latest props.
  const select = useRef(onSelectionChange);
  select.current = onSelectionChange;

  const write = ({ action, role }: BulkRun) => (user: BulkUser): Promise<unknown> => {
    const users = usersApi(api);
    switch (action) {
      case 'assignRole':
        if (!role) throw new Error('No role picked');
        return users.assignRoles(tenantId, user.id, [role.id]);
      case 'suspend':
        return users.setSuspended(tenantId, user.id, true);
      case 'reactivate':
        return users.setSuspended(tenantId, user.id, false);
      case 'delete':
        return users.deleteUser(tenantId, user.id);
    }
  };

  const run = async (input: BulkRun) => {
    try {
      return await eachUser(input.users, (user) => runMutation(queryClient, () => write(input)(user), { handles: 'every' }));
    } finally {
      await Promise.all((['users', 'roles'] as const).map((entity) => queryClient.invalidateQueries({ queryKey: tenantKeys.entity(tenantId, entity) })));
    }
  };

  const notify = ({ action, users, role }: UserBulkActionContext, { succeeded, failed }: BulkOutcome) => {
    if (!failed.length) return void notifications.show({ color: 'green', message: doneMessageOf(action, succeeded.length, role) });
    const done = succeeded.length;
    const total = users.length;
    const failures = failed.length;
    notifications.show({ color: done ? 'yellow' : 'red', message: t`${done} of ${total} done; ${failures} failed.` });
  };

  const [state, send] = useMachine(
    userBulkActionMachine.provide({
      actors: { run: fromPromise(({ input }) => run(input)) },
      actions: {
        notifyOutcome: ({ context }, outcome) => notify(context, outcome),
        selectFailed: (_, users) => select.current(users),
      },
    }),
  );

  const [q, setQ] = useState('');
  const picking = state.matches('pickingRole');
  const roles = useQuery({ ...roleQueries.list(api, tenantId, { page: 1, pageSize: pickerSize, type: 'User', ...(q ? { q } : {}) }), enabled: picking });

  return (
    <UserBulkActionView
      state={state}
      send={send}
      selected={selected}
      onClearSelection={() => onSelectionChange([])}
      roles={{ data: roles.data, isError: roles.isError, refetch: roles.refetch, q, onSearch: setQ }}
    />
  );
}
