import type { Context } from 'hono';
import { updateUser, type NewUser, type UserRow } from '#server/tenant/users/store.ts';
import { changesOf } from '../audit.ts';
import type { ManagementEnv, ManagementKit } from '../kit.ts';
import { uniqueIdentifiers, userOf } from './user-errors.ts';

/**
 * Changes the user's fields in one write, logged as Management.User.Updated with the fields that changed; 404 for
 * another tenant's user, 422 for an identifier in use.
 */
export const patchUser = (
  c: Context<ManagementEnv>,
  withTenantWrite: ManagementKit['withTenantWrite'],
  id: string,
  valuesOf: Partial<NewUser> | ((before: UserRow) => Partial<NewUser>),
) =>
  withTenantWrite(c, async ({ tx, tenant, log }) => {
    const before = await userOf(tx, tenant.id, id);
    const values = typeof valuesOf === 'function' ? valuesOf(before) : valuesOf;
    const changes = changesOf<Record<string, unknown>>(before, values);
    if (Object.keys(changes).length === 0) return before;
    const updated = (await uniqueIdentifiers(updateUser(tx, tenant.id, id, values)))!;
    await log({ key: 'Management.User.Updated', targetId: id, userId: id, changes });
    return updated;
  });
