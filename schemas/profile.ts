/** The Me API of the profile page (spec 01 §3, §7): profile fields, user assets, password, e-mail, social identities. */
import * as z from 'zod/mini';
import { passwordIssueGuard, passwordRejectionCodes } from './password-policy.ts';
import { planIds } from './quota.ts';
import { plainName } from './text.ts';
import { avatarMaxLength, emailPattern, identifierMaxLength, usernamePattern, usernameRule } from './user.ts';

/** Spec 01 §9: one image of at most 500 KB. */
export const userAssetMaxFileSize = 500 * 1024;
/** Spec 01 §5: svg, png, jpeg, microsoft icon and x-icon. */
export const userAssetMimeTypes = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/vnd.microsoft.icon', 'image/x-icon'] as const;
export type UserAssetMimeType = (typeof userAssetMimeTypes)[number];
/** Spec 01 §9: the random state of a social link. */
export const socialLinkStateLength = 8;
/** Spec 02 §3 and §9: an e-mail verification code has 6 digits. */
export const verificationCodeLength = 6;
/** How long a sent code, a verified password or a verified e-mail stays usable. */
export const verificationLifetimeMs = 10 * 60 * 1000;
/** Wrong entries a verification code allows before it is used up. */
export const verificationCodeMaxTries = 5;

const httpUrl = z
  .url()
  .check(z.maxLength(avatarMaxLength), z.refine((value) => /^https?:\/\//i.test(value), 'Only http and https URLs are allowed.'));

/** PATCH me: exactly one of name, username or avatar; an empty name or avatar (or null) removes it. */
export const updateMeGuard = z
  .strictObject({
    name: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(identifierMaxLength), plainName))),
    username: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(identifierMaxLength), z.regex(usernamePattern, usernameRule))),
    avatar: z.optional(z.nullable(z.union([httpUrl, z.literal('')]))),
  })
  .check(z.refine((patch) => Object.keys(patch).length === 1, 'Give exactly one of name, username or avatar.'));
export type UpdateMe = z.input<typeof updateMeGuard>;

/** POST me/user-assets. */
export const userAssetGuard = z.object({ url: z.string() });
export type UserAsset = z.infer<typeof userAssetGuard>;

/** GET me/user-assets/service-status: the console uses the smaller of 500 KB and maxUploadFileSize. */
export const userAssetsServiceStatusGuard = z.object({
  status: z.enum(['ready', 'not_configured']),
  maxUploadFileSize: z.optional(z.int().check(z.positive())),
  allowUploadMimeTypes: z.optional(z.array(z.string())),
});
export type UserAssetsServiceStatus = z.infer<typeof userAssetsServiceStatusGuard>;

const emailField = z.string().check(z.trim(), z.toLowerCase(), z.maxLength(identifierMaxLength), z.regex(emailPattern));

/** POST me/password/verify and POST me/password. */
export const passwordBodyGuard = z.strictObject({ password: z.string().check(z.minLength(1), z.maxLength(1024)) });
/** Details of the 422 `password.rejected`: the spec 02 §5 rejection codes, and each as an issue with the numbers its message names. */
export const passwordRejectedDetailsGuard = z.object({ codes: z.array(z.enum(passwordRejectionCodes)), issues: z.optional(z.array(passwordIssueGuard)) });

/** What a verified e-mail code allows: setting that e-mail as primary, or (the primary e-mail's code) a new password. */
export const verificationActions = ['changeEmail', 'changePassword'] as const;
export type VerificationAction = (typeof verificationActions)[number];

/** POST me/verification-codes. */
export const sendVerificationCodeGuard = z.strictObject({ email: emailField });
/** POST me/verification-codes/verify. */
export const verifyVerificationCodeGuard = z.strictObject({
  email: emailField,
  verificationCode: z.string().check(z.regex(new RegExp(`^\\d{${verificationCodeLength}}$`))),
  action: z._default(z.enum(verificationActions), 'changeEmail'),
});
export type VerifyVerificationCode = z.input<typeof verifyVerificationCodeGuard>;
/** PATCH me/primary-email. */
export const primaryEmailGuard = z.strictObject({ email: emailField });

/** GET me/social/connectors (spec 01 §3, Social connector). */
export const socialConnectorGuard = z.object({
  id: z.string(),
  name: z.record(z.string(), z.string()),
  logo: z.string(),
  logoDark: z.nullable(z.string()),
  target: z.string(),
});
export type SocialConnector = z.infer<typeof socialConnectorGuard>;

/** POST me/social/authorization-uri. */
export const socialAuthorizationUriGuard = z.strictObject({
  connectorId: z.string().check(z.minLength(1), z.maxLength(128)),
  state: z.string().check(z.length(socialLinkStateLength)),
  redirectUri: z.url().check(z.maxLength(avatarMaxLength)),
});
export type SocialAuthorizationUriRequest = z.infer<typeof socialAuthorizationUriGuard>;
export const socialAuthorizationUriResponseGuard = z.object({ redirectTo: z.string() });

/** POST me/social/link-identity: connectorData is the callback's query parameters plus redirectUri. */
export const linkSocialIdentityGuard = z.strictObject({
  connectorId: z.string().check(z.minLength(1), z.maxLength(128)),
  connectorData: z.record(z.string(), z.string().check(z.maxLength(avatarMaxLength))),
});
export type LinkSocialIdentity = z.infer<typeof linkSocialIdentityGuard>;

/** Spec 01 §5: what keeps a tenant the user administers from being deleted with the account. */
export const accountDeletionBlockers = ['paid_plan', 'subscription_not_active', 'open_invoices'] as const;
export type AccountDeletionBlocker = (typeof accountDeletionBlockers)[number];

/** Free and Development are the only plans that do not block account deletion (spec 01 §6). */
export const deletionBlockersOf = (tenant: {
  planId: string;
  subscription: { status: string };
  openInvoices: readonly unknown[];
}): AccountDeletionBlocker[] => [
  ...(tenant.planId === planIds.free || tenant.planId === planIds.development ? [] : (['paid_plan'] as const)),
  ...(tenant.subscription.status === 'active' ? [] : (['subscription_not_active'] as const)),
  ...(tenant.openInvoices.length > 0 ? (['open_invoices'] as const) : []),
];

/** Details of the 422 `user.deletion_blocked` of DELETE /api/me: the blockers per tenant. */
export const accountDeletionBlockedDetailsGuard = z.object({
  tenants: z.array(z.object({ tenantId: z.string(), tenantName: z.string(), blockers: z.array(z.enum(accountDeletionBlockers)) })),
});
export type AccountDeletionBlockedDetails = z.infer<typeof accountDeletionBlockedDetailsGuard>;
