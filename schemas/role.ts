import * as z from 'zod/mini';
import { tenantUserListItemGuard } from './tenant-user.ts';
import { scopeGuard } from './resource.ts';
import { roleTypes } from './role-types.ts';
import { plainName } from './text.ts';

export * from './role-types.ts';

/** Names under this prefix are the server's own roles (spec 02 §6, #internal:admin): never listed, made or changed. */
export const internalRolePrefix = '#internal:';
export const roleNameMaxLength = 128;
export const roleDescriptionMaxLength = 128;

const name = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(roleNameMaxLength),
  plainName,
  z.refine((value) => !value.startsWith(internalRolePrefix), `Must not start with ${internalRolePrefix}.`),
);
const description = z.string().check(z.trim(), z.minLength(1), z.maxLength(roleDescriptionMaxLength));
const ids = (max = 100) => z.array(z.string().check(z.minLength(1), z.maxLength(21))).check(z.minLength(1), z.maxLength(max));

/** A role (spec 02 §3). */
export const roleGuard = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(roleTypes),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Role = z.infer<typeof roleGuard>;

/** A role in GET /roles: with how many users or machine-to-machine apps hold it. */
export const roleListItemGuard = z.extend(roleGuard, { usersCount: z.number(), applicationsCount: z.number() });
export type RoleListItem = z.infer<typeof roleListItemGuard>;

/** Body of POST /roles; `scopeIds` are linked in the same transaction, within the plan's permissions per role. */
export const createRoleGuard = z.strictObject({
  name,
  description,
  type: z.optional(z.enum(roleTypes)),
  isDefault: z.optional(z.boolean()),
  scopeIds: z.optional(ids()),
});
export type CreateRole = z.infer<typeof createRoleGuard>;

/** Body of PATCH /roles/{id}; the type cannot change, and only User roles can be default. */
export const patchRoleGuard = z.strictObject({ name: z.optional(name), description: z.optional(description), isDefault: z.optional(z.boolean()) });
export type PatchRole = z.infer<typeof patchRoleGuard>;

/** A permission of a role, with its API resource. */
export const roleScopeGuard = z.extend(scopeGuard, { resource: z.object({ id: z.string(), name: z.string(), indicator: z.string() }) });
export type RoleScope = z.infer<typeof roleScopeGuard>;

export const roleScopeIdsGuard = z.strictObject({ scopeIds: ids() });
export const roleApplicationIdsGuard = z.strictObject({ applicationIds: ids() });
export const roleUserIdsGuard = z.strictObject({ userIds: ids() });

/** A user holding a role, as GET /roles/{id}/users lists them: as the users list does (the users pages answer the whole user). */
export const roleUserGuard = tenantUserListItemGuard;
export type RoleUser = z.infer<typeof roleUserGuard>;
