import { z } from 'zod';
import { locales } from '../src/i18n/locales.ts';

export const appearanceModes = ['system', 'light', 'dark'] as const;
export type AppearanceMode = (typeof appearanceModes)[number];

/** Admin preferences, kept in the user's custom data under `adminConsolePreferences` (spec 01 §3). */
export const adminPreferencesGuard = z
  .object({
    language: z.enum(locales),
    appearanceMode: z.enum(appearanceModes),
    isOnboardingDone: z.boolean().optional(),
    defaultTenantId: z.string().min(1).max(21).optional(),
    experienceNoticeConfirmed: z.boolean().optional(),
    connectorSieNoticeConfirmed: z.boolean().optional(),
    managementApiAcknowledged: z.boolean().optional(),
    roleWithManagementApiAccessNotificationAcknowledged: z.boolean().optional(),
    m2mRoleNotificationAcknowledged: z.boolean().optional(),
    mfaUpsellNoticeAcknowledged: z.boolean().optional(),
    m2mUpsellNoticeAcknowledged: z.boolean().optional(),
    apiResourceUpsellNoticeAcknowledged: z.boolean().optional(),
    organizationUpsellNoticeAcknowledged: z.boolean().optional(),
    tenantMembersUpsellNoticeAcknowledged: z.boolean().optional(),
    enterpriseSsoUpsellNoticeAcknowledged: z.boolean().optional(),
    addOnChangesInCurrentCycleNoticeAcknowledged: z.boolean().optional(),
  })
  .strict();
export type AdminPreferences = z.infer<typeof adminPreferencesGuard>;

export const defaultAdminPreferences: AdminPreferences = { language: 'en', appearanceMode: 'system' };

/** Stored preferences are schema-checked and fall back to the defaults when invalid (spec 01 §5). */
export const parseAdminPreferences = (value: unknown): AdminPreferences => {
  const parsed = adminPreferencesGuard.safeParse(value);
  return parsed.success ? parsed.data : defaultAdminPreferences;
};

export const adminPreferencesKey = 'adminConsolePreferences';

/** Body of PATCH me/custom-data: top-level keys are merged; each given key is replaced whole. */
export const customDataPatchGuard = z.object({ [adminPreferencesKey]: adminPreferencesGuard.optional() }).strict();
export type CustomDataPatch = z.infer<typeof customDataPatchGuard>;
