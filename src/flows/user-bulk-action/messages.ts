import { plural, t } from '@lingui/core/macro';
import type { BulkRole, UserBulkAction } from '#machines/user-bulk-action.machine.ts';

/** The confirmation of a bulk action, naming the count (and the role). */
export function confirmationOf(action: UserBulkAction, count: number, role: BulkRole | undefined) {
  const name = role?.name ?? '';
  switch (action) {
    case 'assignRole':
      return {
        title: plural(count, { one: `Assign ${name} to # user?`, other: `Assign ${name} to # users?` }),
        body: t`Their next access tokens carry the role's permissions. Users who have the role already keep it.`,
        confirmLabel: t`Assign`,
      };
    case 'suspend':
      return {
        title: plural(count, { one: 'Suspend # user?', other: 'Suspend # users?' }),
        body: t`Suspended users are signed out at once and cannot sign in until they are reactivated.`,
        confirmLabel: t`Suspend`,
      };
    case 'reactivate':
      return {
        title: plural(count, { one: 'Reactivate # user?', other: 'Reactivate # users?' }),
        body: t`Reactivated users can sign in again.`,
        confirmLabel: t`Reactivate`,
      };
    case 'delete':
      return {
        title: plural(count, { one: 'Delete # user?', other: 'Delete # users?' }),
        body: t`This cannot be undone. The users are signed out and removed with their roles and organization memberships; their identifiers become free again.`,
        confirmLabel: t`Delete`,
      };
  }
}

/** The toast once every user of a run succeeded. */
export function doneMessageOf(action: UserBulkAction, count: number, role: BulkRole | undefined) {
  const name = role?.name ?? '';
  switch (action) {
    case 'assignRole':
      return plural(count, { one: `${name} assigned to # user`, other: `${name} assigned to # users` });
    case 'suspend':
      return plural(count, { one: '# user suspended', other: '# users suspended' });
    case 'reactivate':
      return plural(count, { one: '# user reactivated', other: '# users reactivated' });
    case 'delete':
      return plural(count, { one: '# user deleted', other: '# users deleted' });
  }
}
