import type { FindAccount } from 'oidc-provider';
import { userScopes } from '#schemas/constants.ts';
import type { Db } from '../db/client.ts';
import { userClaims } from '../oidc/account.ts';
import { findUser, userRoleNames } from './store.ts';

/** A tenant's end users are its accounts (idp.users); a suspended user has none. `roles` are its roles' names. */
export const createFindAccount =
  (db: Db, tenantId: string): FindAccount =>
  async (_ctx, sub) => {
    const user = await findUser(db, tenantId, sub);
    if (!user || user.isSuspended) return undefined;
    return {
      accountId: user.id,
      claims: async (use, scope) => ({
        ...userClaims(user, use),
        ...(scope.split(' ').includes(userScopes.roles) ? { roles: await userRoleNames(db, tenantId, user.id) } : {}),
      }),
    };
  };
