import * as z from 'zod/mini';
import {
  tenantMemberGuard,
  tenantMemberScopeGuard,
  type TenantMember,
  type TenantMemberScope,
} from '#schemas/member.ts';
import type { TenantRole } from '#schemas/constants.ts';
import type { CloudRequesters } from './client.ts';
import { tenantPath } from './tenants.ts';

const memberPath = (tenantId: string, userId: string) => `${tenantPath(tenantId)}/members/${encodeURIComponent(userId)}`;

/** A tenant's members (cloud API token; the server checks the caller's current role). */
export const createMembersApi = ({ cloud }: CloudRequesters) => ({
  /** GET /api/tenants/{tenantId}/members (read:member). */
  listMembers: async (tenantId: string): Promise<TenantMember[]> =>
    z.array(tenantMemberGuard).parse(await cloud.request('GET', `${tenantPath(tenantId)}/members`)),
  /** PUT /api/tenants/{tenantId}/members/{userId}/roles (update:member:role); 409 for the last admin. */
  updateMemberRole: async (tenantId: string, userId: string, roleName: TenantRole): Promise<TenantMember> =>
    tenantMemberGuard.parse(await cloud.request('PUT', `${memberPath(tenantId, userId)}/roles`, { body: { roleName } })),
  /** DELETE /api/tenants/{tenantId}/members/{userId} (remove:member, or oneself to leave); 409 for the last admin. */
  removeMember: async (tenantId: string, userId: string): Promise<void> => {
    await cloud.request('DELETE', memberPath(tenantId, userId));
  },
  /** GET /api/tenants/{tenantId}/members/{userId}/scopes: the member's tenant scopes from their current role. */
  getMemberScopes: async (tenantId: string, userId: string): Promise<TenantMemberScope[]> =>
    z.array(tenantMemberScopeGuard).parse(await cloud.request('GET', `${memberPath(tenantId, userId)}/scopes`)),
});
export type MembersApi = ReturnType<typeof createMembersApi>;
