import * as z from 'zod/mini';
import { customDataGuard } from './json.ts';
import { plainName } from './text.ts';
import { avatarMaxLength, emailPattern, identifierMaxLength, socialIdentityGuard, usernamePattern } from './user.ts';

/**
 * A tenant's end user (spec 02 §3, User; users.md §5), as the management API answers and takes it. Not the console's
 * own account (schemas/user.ts).
 */

/** Spec 02 §5: digits only, or an optional plus followed by digits, dashes, parentheses and spaces. */
export const phonePattern = /^\+?[\d\-() ]+$/;
/** A phone number as stored and compared: its digits (with the country code). */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

export const passwordAlgorithms = ['Argon2i', 'Argon2id', 'Argon2d', 'SHA1', 'SHA256', 'MD5', 'Bcrypt'] as const;
export type PasswordAlgorithm = (typeof passwordAlgorithms)[number];

/** The standard claims of a profile (spec 02 §3); unknown keys are refused, not dropped. */
export const profileFields = [
  'familyName',
  'givenName',
  'middleName',
  'nickname',
  'preferredUsername',
  'profile',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
] as const;
export const addressFields = ['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country'] as const;
export const profileTextMaxLength = identifierMaxLength * 2;
const profileText = z.string().check(z.maxLength(profileTextMaxLength));
export const profileGuard = z.strictObject({
  ...(Object.fromEntries(profileFields.map((field) => [field, z.optional(profileText)])) as Record<
    (typeof profileFields)[number],
    z.ZodMiniOptional<typeof profileText>
  >),
  address: z.optional(
    z.strictObject(
      Object.fromEntries(addressFields.map((field) => [field, z.optional(profileText)])) as Record<
        (typeof addressFields)[number],
        z.ZodMiniOptional<typeof profileText>
      >,
    ),
  ),
});
export type UserProfile = z.infer<typeof profileGuard>;

export { customDataGuard, customDataMaxBytes } from './json.ts';

const trimmed = (max: number) => z.string().check(z.trim(), z.maxLength(max));
export const emailGuard = trimmed(identifierMaxLength).check(z.regex(emailPattern, 'Must be an e-mail address.'));
export const phoneGuard = trimmed(identifierMaxLength).check(z.regex(phonePattern, 'Must be a phone number.'), z.refine((value) => phoneDigits(value).length > 0));
export const usernameGuard = trimmed(identifierMaxLength).check(z.regex(usernamePattern, 'Must start with a letter or an underscore and have only letters, digits and underscores.'));
export const userNameGuard = trimmed(identifierMaxLength).check(plainName);
export const avatarGuard = trimmed(avatarMaxLength).check(z.url({ protocol: /^https?$/ }));

/** A field that may be cleared: `''` or null clear it. */
const clearable = <T extends z.ZodMiniType>(guard: T) => z.optional(z.nullable(z.union([z.literal(''), guard])));

/**
 * Whether an administrator vouches for the user's primary e-mail and phone (schemas/user.ts, identifierVerifications):
 * true needs the identifier; an identifier changed without it is unverified.
 */
const identifierVerifiedFields = {
  primaryEmailVerified: z.optional(z.boolean()),
  primaryPhoneVerified: z.optional(z.boolean()),
};
export type IdentifierVerifiedFields = { [field in keyof typeof identifierVerifiedFields]?: boolean };

/** Body of POST /users; at least one of username, e-mail or phone is required (400 user.missing_identifier). */
export const createUserGuard = z.strictObject({
  primaryEmail: z.optional(emailGuard),
  primaryPhone: z.optional(phoneGuard),
  ...identifierVerifiedFields,
  username: z.optional(usernameGuard),
  name: z.optional(userNameGuard),
  avatar: z.optional(avatarGuard),
  customData: z.optional(customDataGuard),
  profile: z.optional(profileGuard),
  /** Checked against the tenant's password policy; generated (and answered once) when neither it nor a digest is given. */
  password: z.optional(z.string().check(z.maxLength(256))),
  passwordDigest: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
  passwordAlgorithm: z.optional(z.enum(passwordAlgorithms)),
});
export type CreateUser = z.infer<typeof createUserGuard>;

/** Body of PATCH /users/{id}: identifiers, name and avatar may be cleared; customData and profile replace. */
export const patchUserGuard = z.strictObject({
  primaryEmail: clearable(emailGuard),
  primaryPhone: clearable(phoneGuard),
  ...identifierVerifiedFields,
  username: clearable(usernameGuard),
  name: clearable(userNameGuard),
  avatar: clearable(avatarGuard),
  customData: z.optional(customDataGuard),
  profile: z.optional(profileGuard),
});
export type PatchUser = z.infer<typeof patchUserGuard>;

export const userPasswordGuard = z.strictObject({ password: z.string().check(z.minLength(1), z.maxLength(256)) });
export const userSuspensionGuard = z.strictObject({ isSuspended: z.boolean() });
export const userCustomDataGuard = z.strictObject({ customData: customDataGuard });
export const userProfileGuard = z.strictObject({ profile: profileGuard });
export const userRoleIdsGuard = z.strictObject({
  roleIds: z.array(z.string().check(z.minLength(1), z.maxLength(21))).check(z.minLength(1), z.maxLength(100)),
});

export { userListSorts, type UserListSort } from './list-search/users.ts';

/** The fields the advanced search of GET /users matches, and how: `like` takes a LIKE pattern (% and _), `exact` equals. */
export const userSearchFields = ['id', 'primaryEmail', 'primaryPhone', 'username', 'name'] as const;
export type UserSearchField = (typeof userSearchFields)[number];
export const userSearchModes = ['like', 'exact'] as const;
export type UserSearchMode = (typeof userSearchModes)[number];
/** How many values one `search.{field}` may repeat (a batch of ids, say). */
export const userSearchValuesMax = 100;

/** GET /users's `search.{field}` (repeatable: any value matches) and `mode.{field}` (one, with its search; `like` unless given). */
export const advancedUserSearchGuard = z.strictObject({
  ...(Object.fromEntries(
    userSearchFields.map((field) => [`search.${field}`, z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(256))).check(z.maxLength(userSearchValuesMax)))]),
  ) as Record<`search.${UserSearchField}`, z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString>>>),
  ...(Object.fromEntries(userSearchFields.map((field) => [`mode.${field}`, z.optional(z.tuple([z.enum(userSearchModes)]))])) as Record<
    `mode.${UserSearchField}`,
    z.ZodMiniOptional<z.ZodMiniTuple<[z.ZodMiniEnum<{ like: 'like'; exact: 'exact' }>]>>
  >),
}).check(
  z.superRefine((search, context) => {
    for (const field of userSearchFields) {
      if (search[`mode.${field}`] && !search[`search.${field}`]) context.addIssue({ code: 'custom', path: [`mode.${field}`], message: `Needs search.${field}.`, input: search });
    }
  }),
);

export { socialIdentityGuard } from './user.ts';
/** Body of PUT /users/{id}/identities/{target}: links a social identity by hand. */
export const putSocialIdentityGuard = z.strictObject({
  userId: z.string().check(z.trim(), z.minLength(1), z.maxLength(256)),
  details: z.optional(customDataGuard),
});
/** A user's enterprise SSO identity. */
export const ssoIdentityGuard = z.object({ ssoConnectorId: z.string(), identityId: z.string(), issuer: z.string(), detail: z.record(z.string(), z.unknown()) });
/** GET /users/{id}/identities. */
export const userIdentitiesGuard = z.object({
  socialIdentities: z.array(z.object({ target: z.string(), identity: socialIdentityGuard })),
  ssoIdentities: z.array(ssoIdentityGuard),
});
export type UserIdentities = z.infer<typeof userIdentitiesGuard>;

/** A user as the management API answers it: never a password hash or an MFA secret. */
export const tenantUserGuard = z.object({
  id: z.string(),
  username: z.nullable(z.string()),
  primaryEmail: z.nullable(z.string()),
  primaryPhone: z.nullable(z.string()),
  /** Whether a code, an administrator or the registering social provider verified the identifier: the ID token's email_verified, phone_number_verified. */
  primaryEmailVerified: z.boolean(),
  primaryPhoneVerified: z.boolean(),
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  profile: z.record(z.string(), z.unknown()),
  customData: z.record(z.string(), z.unknown()),
  identities: z.record(z.string(), socialIdentityGuard),
  applicationId: z.nullable(z.string()),
  isSuspended: z.boolean(),
  hasPassword: z.boolean(),
  lastSignInAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** With includeSsoIdentities=true. */
  ssoIdentities: z.optional(z.array(ssoIdentityGuard)),
});
export type TenantUser = z.infer<typeof tenantUserGuard>;

/** A row of GET /users: the list's columns only. */
export const tenantUserListItemGuard = z.pick(tenantUserGuard, {
  id: true,
  username: true,
  primaryEmail: true,
  primaryPhone: true,
  name: true,
  avatar: true,
  applicationId: true,
  isSuspended: true,
  lastSignInAt: true,
  createdAt: true,
});
export type TenantUserListItem = z.infer<typeof tenantUserListItemGuard>;

/**
 * POST /users and POST /users/{id}/password/generate answer the user and, when the server generated it, the password:
 * once, never again.
 */
export const createdUserGuard = z.extend(tenantUserGuard, { password: z.optional(z.string()) });
export type CreatedUser = z.infer<typeof createdUserGuard>;

export const hasPasswordGuard = z.object({ hasPassword: z.boolean() });

/** The answer of POST and PUT /users/{id}/roles: the roles asked for, those newly given, and (PUT) those taken. */
export const userRoleChangesGuard = z.object({
  roleIds: z.array(z.string()),
  addedRoleIds: z.array(z.string()),
  removedRoleIds: z.optional(z.array(z.string())),
});
export type UserRoleChanges = z.infer<typeof userRoleChangesGuard>;

/** An organization the user belongs to, with their roles in it (GET /users/{id}/organizations). */
export const userOrganizationGuard = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  organizationRoles: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const mfaVerificationTypes = ['Totp', 'WebAuthn', 'BackupCode'] as const;
/** An MFA factor as listed: never its key, codes or public key. */
export const mfaVerificationGuard = z.object({
  id: z.string(),
  type: z.enum(mfaVerificationTypes),
  createdAt: z.string(),
  lastUsedAt: z.optional(z.string()),
  remainCodes: z.optional(z.number()),
  name: z.optional(z.string()),
  agent: z.optional(z.string()),
});
export type MfaVerification = z.infer<typeof mfaVerificationGuard>;

export { userSubtitle, userTitle } from './user-title.ts';

/** A count of a filtered list stops here; `Total-Number-Is-Capped: true` then says there are more (users.md §2). */
export const countCap = 10_000;
export { totalNumberIsCappedHeader } from './paging.ts';
