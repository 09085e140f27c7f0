import { t } from '@lingui/core/macro';
import { addressFields, patchUserGuard, profileFields, profileTextMaxLength, type PatchUser, type TenantUser, type UserProfile } from '#schemas/tenant-user.ts';
import { schemaValidator, type FieldMessages } from '#src/ui/form/form-errors.ts';
import { identifierFields, identifierValue, type IdentifierValues } from '../user-form.ts';

export type ProfileField = (typeof profileFields)[number];
export type AddressField = (typeof addressFields)[number];

/** The profile as a form: every standard claim and the address, each a text field; no other key can be typed. */
export type ProfileValues = Record<ProfileField, string> & { address: Record<AddressField, string> };

/** The settings form's values, shaped as the PATCH body so that the guard's paths and the server's details name the fields. */
export type SettingsValues = IdentifierValues &
  VerifiedValues & { name: string; avatar: string; customData: string; profile: ProfileValues };

/** Whether the administrator vouches for the e-mail and the phone (schemas/tenant-user.ts), by the identifier they are about. */
export const verifiedFlags = { primaryEmail: 'primaryEmailVerified', primaryPhone: 'primaryPhoneVerified' } as const;
type VerifiedValues = Record<(typeof verifiedFlags)[keyof typeof verifiedFlags], boolean>;

/** A changed identifier is no longer the one that was verified: its flag goes off until the administrator sets it again. */
export const unverifyChanged = (values: SettingsValues, previous: SettingsValues, uncheck: (flag: keyof VerifiedValues) => void) => {
  for (const [field, flag] of Object.entries(verifiedFlags) as [keyof typeof verifiedFlags, keyof VerifiedValues][]) {
    if (values[field] !== previous[field] && values[flag]) uncheck(flag);
  }
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

export const profileValuesOf = (profile: Record<string, unknown>): ProfileValues => {
  const address = record(profile.address);
  return {
    ...(Object.fromEntries(profileFields.map((field) => [field, text(profile[field])])) as Record<ProfileField, string>),
    address: Object.fromEntries(addressFields.map((field) => [field, text(address[field])])) as Record<AddressField, string>,
  };
};

export const settingsValuesOf = (user: TenantUser): SettingsValues => ({
  primaryEmail: user.primaryEmail ?? '',
  primaryPhone: user.primaryPhone ?? '',
  primaryEmailVerified: user.primaryEmailVerified,
  primaryPhoneVerified: user.primaryPhoneVerified,
  username: user.username ?? '',
  name: user.name ?? '',
  avatar: user.avatar ?? '',
  customData: JSON.stringify(user.customData, null, 2),
  profile: profileValuesOf(user.profile),
});

/** Only the fields that were filled in: the profile is replaced whole, so an emptied field is dropped. */
const filled = <K extends string>(values: Record<K, string>) =>
  Object.fromEntries(Object.entries<string>(values).flatMap(([key, value]) => (value.trim() ? [[key, value.trim()]] : []))) as Partial<Record<K, string>>;

export const profileOf = ({ address, ...claims }: ProfileValues): UserProfile => {
  const filledAddress = filled(address);
  return { ...filled(claims), ...(Object.keys(filledAddress).length ? { address: filledAddress } : {}) };
};

/** The custom data typed in, when it is a JSON object; undefined otherwise. */
export function customDataOf(json: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The PATCH body of what changed (`dirty` tells a field); an emptied identifier, name or avatar is cleared with `''`.
 * `send` normalises the phone to its digits; without it the values are checked as typed.
 */
export function patchOf(values: SettingsValues, dirty: (path: string) => boolean, send = false): PatchUser {
  const patch: PatchUser = {};
  for (const field of identifierFields) if (dirty(field)) patch[field] = send ? identifierValue(field, values[field]) : values[field].trim();
  for (const flag of Object.values(verifiedFlags)) if (dirty(flag)) patch[flag] = values[flag];
  if (dirty('name')) patch.name = values.name.trim();
  if (dirty('avatar')) patch.avatar = values.avatar.trim();
  if (dirty('customData')) patch.customData = customDataOf(values.customData);
  if (dirty('profile')) patch.profile = profileOf(values.profile);
  return patch;
}

export const settingsFieldMessages = (messages: FieldMessages): FieldMessages => ({
  ...messages,
  customData: t`Invalid custom data: enter a JSON object.`,
  ...Object.fromEntries(
    [...profileFields, ...addressFields.map((field) => `address.${field}`)].map((field) => [`profile.${field}`, t`Enter at most ${profileTextMaxLength} characters.`]),
  ),
});

/** The form's check: the server's guard on the body, and custom data that is a JSON object. */
export const validateSettings = (messages: FieldMessages) => (values: SettingsValues) => {
  const errors = schemaValidator(patchUserGuard, messages)(patchOf(values, () => true));
  if (!customDataOf(values.customData)) errors.customData = messages.customData!;
  return errors;
};
