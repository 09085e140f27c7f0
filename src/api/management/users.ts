import * as z from 'zod/mini';
import type { ListQuery } from '#schemas/paging.ts';
import { roleGuard, type Role } from '#schemas/role.ts';
import {
  createdUserGuard,
  mfaVerificationGuard,
  socialIdentityGuard,
  tenantUserGuard,
  tenantUserListItemGuard,
  type CreatedUser,
  type CreateUser,
  type MfaVerification,
  type PatchUser,
  type TenantUser,
  type TenantUserListItem,
  type UserListSort,
} from '#schemas/tenant-user.ts';
import type { ListRequester, Page } from '../client.ts';
import { pageOf, searchOf } from './pages.ts';

export const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;

/** What the users list is asked for: the page and search, the status filter, and the users without a role. */
export type UserListQuery = ListQuery & { isSuspended?: boolean; excludeRoleId?: string; sort?: UserListSort };

/** GET /users/{id}/identities: the social identities by connector target, and the enterprise SSO ones. */
const identitiesGuard = z.object({
  socialIdentities: z.array(z.object({ target: z.string(), identity: socialIdentityGuard })),
  ssoIdentities: z.array(
    z.object({ ssoConnectorId: z.string(), identityId: z.string(), issuer: z.string(), detail: z.optional(z.record(z.string(), z.unknown())) }),
  ),
});
export type UserIdentities = z.infer<typeof identitiesGuard>;

/** An organization the user belongs to, with their roles in it (users.md §4, tab organizations). */
const userOrganizationGuard = z.object({
  id: z.string(),
  name: z.string(),
  organizationRoles: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type UserOrganization = z.infer<typeof userOrganizationGuard>;

/** The name of the app a user registered through, for the users list's Application column. */
const applicationNameGuard = z.object({ id: z.string(), name: z.string() });

/** A tenant's end users, their password, MFA factors, identities, roles and organizations (users.md §5). */
export const createUsersApi = (tenant: (tenantId: string) => ListRequester) => ({
  /** GET /users: newest first, or the latest sign-in first; `q` searches id, username, e-mail, phone and name. A filtered total may be capped. */
  listUsers: async (tenantId: string, { page, pageSize, q, isSuspended, excludeRoleId, sort }: UserListQuery): Promise<Page<TenantUserListItem>> =>
    pageOf(
      tenantUserListItemGuard,
      await tenant(tenantId).getPage('/api/users', {
        page,
        pageSize,
        query: {
          ...searchOf(q),
          ...(isSuspended === undefined ? {} : { isSuspended: String(isSuspended) }),
          ...(excludeRoleId ? { excludeRoleId } : {}),
          ...(sort ? { sort } : {}),
        },
      }),
    ),
  getUser: async (tenantId: string, id: string): Promise<TenantUser> =>
    tenantUserGuard.parse(await tenant(tenantId).request('GET', userPath(id))),
  /** POST /users: the answer carries the generated password, once. 422 for an identifier in use, 400 without one. */
  createUser: async (tenantId: string, body: CreateUser): Promise<CreatedUser> =>
    createdUserGuard.parse(await tenant(tenantId).request('POST', '/api/users', { body })),
  updateUser: async (tenantId: string, id: string, body: PatchUser): Promise<TenantUser> =>
    tenantUserGuard.parse(await tenant(tenantId).request('PATCH', userPath(id), { body })),
  /** The bulk actions report failures themselves, so none of these toasts. */
  deleteUser: async (tenantId: string, id: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', userPath(id));
  },
  setSuspended: async (tenantId: string, id: string, isSuspended: boolean): Promise<TenantUser> =>
    tenantUserGuard.parse(await tenant(tenantId).request('PATCH', `${userPath(id)}/is-suspended`, { body: { isSuspended } })),
  /** A new generated password, answered once; the old one stops working. */
  generatePassword: async (tenantId: string, id: string): Promise<CreatedUser> =>
    createdUserGuard.parse(await tenant(tenantId).request('POST', `${userPath(id)}/password/generate`)),
  listMfaVerifications: async (tenantId: string, id: string): Promise<MfaVerification[]> =>
    z.array(mfaVerificationGuard).parse(await tenant(tenantId).request('GET', `${userPath(id)}/mfa-verifications`)),
  removeMfaVerification: async (tenantId: string, id: string, verificationId: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', `${userPath(id)}/mfa-verifications/${encodeURIComponent(verificationId)}`);
  },
  getIdentities: async (tenantId: string, id: string): Promise<UserIdentities> =>
    identitiesGuard.parse(await tenant(tenantId).request('GET', `${userPath(id)}/identities`)),
  removeIdentity: async (tenantId: string, id: string, target: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', `${userPath(id)}/identities/${encodeURIComponent(target)}`);
  },
  /** GET /users/{id}/roles: `q` searches id, name and description. */
  listUserRoles: async (tenantId: string, id: string, { page, pageSize, q }: ListQuery): Promise<Page<Role>> =>
    pageOf(roleGuard, await tenant(tenantId).getPage(`${userPath(id)}/roles`, { page, pageSize, query: searchOf(q) })),
  /** GET /roles of type User that the user does not have yet. */
  listAssignableRoles: async (tenantId: string, id: string, { page, pageSize, q }: ListQuery): Promise<Page<Role>> =>
    pageOf(roleGuard, await tenant(tenantId).getPage('/api/roles', { page, pageSize, query: { type: 'User', excludeUserId: id, ...searchOf(q) } })),
  /** POST /users/{id}/roles: roles the user has already are skipped. */
  assignRoles: async (tenantId: string, id: string, roleIds: string[]): Promise<void> => {
    await tenant(tenantId).request('POST', `${userPath(id)}/roles`, { body: { roleIds } });
  },
  removeRole: async (tenantId: string, id: string, roleId: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', `${userPath(id)}/roles/${encodeURIComponent(roleId)}`);
  },
  /** The whole list: the tab filters it in the browser. */
  listOrganizations: async (tenantId: string, id: string): Promise<UserOrganization[]> =>
    z.array(userOrganizationGuard).parse(await tenant(tenantId).request('GET', `${userPath(id)}/organizations`)),
  /** Quiet: an app since deleted shows as its id. */
  getApplicationName: async (tenantId: string, id: string): Promise<string> =>
    applicationNameGuard.parse(await tenant(tenantId).request('GET', `/api/applications/${encodeURIComponent(id)}`)).name,
});
export type UsersApi = ReturnType<typeof createUsersApi>;
