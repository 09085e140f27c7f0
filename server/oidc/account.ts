import type { FindAccount } from 'oidc-provider';
import { userScopes } from '../../schemas/constants.ts';
import { findUserById } from '../accounts/users.ts';
import type { Db } from '../db/client.ts';
import { listMemberships, organizationClaims } from '../tenants.ts';

/** Claims of an account. oidc-provider keeps those of the granted scopes; custom_data and identities go to userinfo only. */
export const createFindAccount =
  (db: Db): FindAccount =>
  async (_ctx, sub) => {
    const user = await findUserById(db, sub);
    if (!user) return undefined;
    return {
      accountId: user.id,
      claims: async (use, scope) => {
        const scopes = new Set(scope.split(' '));
        const wantsOrganizations = scopes.has(userScopes.organizations) || scopes.has(userScopes.organizationRoles);
        const memberships = wantsOrganizations ? await listMemberships(db, user.id) : [];
        return {
          sub: user.id,
          name: user.name,
          picture: user.avatar,
          username: user.username,
          email: user.primaryEmail,
          email_verified: Boolean(user.primaryEmail),
          phone_number: user.primaryPhone,
          phone_number_verified: Boolean(user.primaryPhone),
          ...organizationClaims(memberships),
          ...(use === 'userinfo' ? { custom_data: user.customData, identities: user.identities } : {}),
        };
      },
    };
  };
