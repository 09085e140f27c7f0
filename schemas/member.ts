import * as z from 'zod/mini';
import { tenantRoles, type TenantRole } from './constants.ts';
import { meGuard } from './user.ts';

export const tenantRoleNames = Object.keys(tenantRoles) as [TenantRole, ...TenantRole[]];
export const tenantRoleGuard = z.enum(tenantRoleNames);

/** A tenant member as GET /api/tenants/{tenantId}/members returns it. */
export const tenantMemberGuard = z.extend(z.pick(meGuard, { id: true, username: true, primaryEmail: true, name: true, avatar: true }), {
  role: tenantRoleGuard,
  createdAt: z.string(),
});
export type TenantMember = z.infer<typeof tenantMemberGuard>;

/** Body of PUT /api/tenants/{tenantId}/members/{userId}/roles. */
export const updateMemberRoleGuard = z.strictObject({ roleName: tenantRoleGuard });
export type UpdateMemberRole = z.infer<typeof updateMemberRoleGuard>;

/** Tenant member scope (spec 01 §3): GET /api/tenants/{tenantId}/members/{userId}/scopes returns a list of these. */
export const tenantMemberScopeGuard = z.object({ name: z.string() });
export type TenantMemberScope = z.infer<typeof tenantMemberScopeGuard>;
