import type { FindAccount } from 'oidc-provider';
import { userScopes } from '#schemas/constants.ts';
import { findUserById } from '../accounts/console-accounts.ts';
import type { Db } from '../db/client.ts';
import { listMemberships, organizationClaims } from '../tenants.ts';

type ClaimedUser = {
  id: string;
  name: string | null;
  avatar: string | null;
  username: string | null;
  primaryEmail: string | null;
  primaryPhone: string | null;
  primaryEmailVerifiedBy: string | null;
  primaryPhoneVerifiedBy: string | null;
  customData: unknown;
  identities: unknown;
};

/** OIDC Core §5.3.2: a claim with no value is left out, not sent as null. */
const withValues = <T extends Record<string, unknown>>(claims: T) =>
  Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== null && value !== undefined)) as Partial<T>;

/**
 * The claims of a user, a console account or a tenant's user; custom_data and identities go to userinfo only. An
 * identifier is verified only when a code, an administrator or a social provider verified it (schemas/user.ts), never
 * for being there.
 */
export const userClaims = (user: ClaimedUser, use: string) => ({
  sub: user.id,
  ...withValues({
    name: user.name,
    picture: user.avatar,
    username: user.username,
    email: user.primaryEmail,
    email_verified: user.primaryEmail ? user.primaryEmailVerifiedBy !== null : undefined,
    phone_number: user.primaryPhone,
    phone_number_verified: user.primaryPhone ? user.primaryPhoneVerifiedBy !== null : undefined,
    ...(use === 'userinfo' ? { custom_data: user.customData, identities: user.identities } : {}),
  }),
});

/** Claims of an account. oidc-provider keeps those of the granted scopes. */
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
        return { ...userClaims(user, use), ...organizationClaims(memberships) };
      },
    };
  };
