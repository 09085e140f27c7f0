import * as z from 'zod/mini';
import { tenantTags } from './constants.ts';

/** Admin-console config of a tenant (spec 01 §3): `readAt` (ms) is absent until the notice is dismissed. */
export const adminConsoleConfigGuard = z.object({
  signInExperienceCustomized: z.boolean(),
  organizationCreated: z.boolean(),
  developmentTenantMigrationNotification: z.optional(
    z.strictObject({ isPaidTenant: z.boolean(), tag: z.enum(tenantTags), readAt: z.optional(z.int().check(z.nonnegative())) }),
  ),
});
export type AdminConsoleConfig = z.infer<typeof adminConsoleConfigGuard>;
export const defaultAdminConsoleConfig: AdminConsoleConfig = { signInExperienceCustomized: false, organizationCreated: false };

/** Body of PATCH api/configs/admin-console: the given top-level keys replace the stored ones. */
export const adminConsoleConfigPatchGuard = z.strictObject(z.partial(adminConsoleConfigGuard).shape);
export type AdminConsoleConfigPatch = z.infer<typeof adminConsoleConfigPatchGuard>;
