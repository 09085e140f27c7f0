import * as z from 'zod/mini';
import { locales } from './locales.ts';

export const appearanceModes = ['system', 'light', 'dark'] as const;
export type AppearanceMode = (typeof appearanceModes)[number];

/** Admin preferences, kept in the user's custom data under `adminConsolePreferences` (spec 01 §3). */
export const adminPreferencesGuard = z.strictObject({
  language: z.enum(locales),
  appearanceMode: z.enum(appearanceModes),
  isOnboardingDone: z.optional(z.boolean()),
  defaultTenantId: z.optional(z.string().check(z.minLength(1), z.maxLength(21))),
  experienceNoticeConfirmed: z.optional(z.boolean()),
  connectorSieNoticeConfirmed: z.optional(z.boolean()),
  managementApiAcknowledged: z.optional(z.boolean()),
  roleWithManagementApiAccessNotificationAcknowledged: z.optional(z.boolean()),
  m2mRoleNotificationAcknowledged: z.optional(z.boolean()),
  mfaUpsellNoticeAcknowledged: z.optional(z.boolean()),
  m2mUpsellNoticeAcknowledged: z.optional(z.boolean()),
  apiResourceUpsellNoticeAcknowledged: z.optional(z.boolean()),
  organizationUpsellNoticeAcknowledged: z.optional(z.boolean()),
  tenantMembersUpsellNoticeAcknowledged: z.optional(z.boolean()),
  enterpriseSsoUpsellNoticeAcknowledged: z.optional(z.boolean()),
  addOnChangesInCurrentCycleNoticeAcknowledged: z.optional(z.boolean()),
});
export type AdminPreferences = z.infer<typeof adminPreferencesGuard>;

export const defaultAdminPreferences: AdminPreferences = { language: 'en', appearanceMode: 'system' };

/** Stored preferences are schema-checked and fall back to the defaults when invalid (spec 01 §5). */
export const parseAdminPreferences = (value: unknown): AdminPreferences => {
  const parsed = adminPreferencesGuard.safeParse(value);
  return parsed.success ? parsed.data : defaultAdminPreferences;
};

export const adminPreferencesKey = 'adminConsolePreferences';

/** Body of PATCH me/custom-data: top-level keys are merged; each given key is replaced whole. */
export const customDataPatchGuard = z.strictObject({ [adminPreferencesKey]: z.optional(adminPreferencesGuard) });
export type CustomDataPatch = z.infer<typeof customDataPatchGuard>;
