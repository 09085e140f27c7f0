import * as z from 'zod/mini';
import { applicationTypes, offeredApplicationTypes, type ApplicationType } from './application-types.ts';
import { plainName } from './text.ts';

export * from './application-types.ts';

/** Third-party apps are user-facing clients of these types. */
export const thirdPartyApplicationTypes = ['Native', 'SPA', 'Traditional'] as const satisfies readonly ApplicationType[];
/** Types that authenticate with a client secret (they get a "Default secret" when created). */
export const confidentialApplicationTypes = ['Traditional', 'MachineToMachine'] as const satisfies readonly ApplicationType[];

export const applicationNameMaxLength = 256;
export const defaultIdTokenTtl = 3600;
export const defaultRefreshTokenTtlInDays = 14;
export const refreshTokenTtlInDaysRange = { min: 1, max: 90 } as const;
export const secretNameMaxLength = 256;
/**
 * The name of the secret a confidential app is created with. A secret's name is its key (it is renamed and deleted by
 * name, and logs name it), so it is stored as is, whoever creates the app; the console shows it in the reader's language.
 */
export const defaultSecretName = 'Default secret';

const name = z.string().check(z.trim(), z.minLength(1), z.maxLength(applicationNameMaxLength), plainName);
const description = z.nullable(z.string().check(z.maxLength(2048)));

/** A redirect URI (spec 02 §5): web (http or https) or a mobile custom scheme (`com.example.app:/callback`). */
export const isRedirectUri = (value: string) =>
  URL.canParse(value) && !value.includes('#') && /^(https?:\/\/[^/?#]+|[a-z][a-z0-9+.-]*:)/i.test(value);
/** A CORS origin: scheme, host and port only. */
export const isOrigin = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && new URL(value).origin === value;

const redirectUri = z.string().check(z.maxLength(2048), z.refine(isRedirectUri, 'Must be an http(s) URL or a custom-scheme URI, without a fragment.'));
const url = z.string().check(z.maxLength(2048), z.refine((value) => URL.canParse(value) && /^https?:/.test(value), 'Must be an http(s) URL.'));

/** Standard OIDC client metadata (spec 02 §3). */
export const oidcClientMetadataGuard = z.object({
  redirectUris: z.array(redirectUri).check(z.maxLength(50)),
  postLogoutRedirectUris: z.array(redirectUri).check(z.maxLength(50)),
  backchannelLogoutUri: z.optional(z.nullable(url)),
  backchannelLogoutSessionRequired: z.optional(z.boolean()),
  logoUri: z.optional(z.nullable(url)),
});
export type OidcClientMetadata = z.infer<typeof oidcClientMetadataGuard>;

/** Gatehouse's own client settings (spec 02 §3, §9): CORS, token lifetimes and refresh behaviour. */
export const customClientMetadataGuard = z.object({
  corsAllowedOrigins: z.optional(z.array(z.string().check(z.refine(isOrigin, 'Must be an origin such as https://app.example.com.'))).check(z.maxLength(50))),
  idTokenTtl: z.optional(z.number().check(z.int(), z.minimum(60), z.maximum(86_400))),
  refreshTokenTtlInDays: z.optional(z.number().check(z.int(), z.minimum(refreshTokenTtlInDaysRange.min), z.maximum(refreshTokenTtlInDaysRange.max))),
  alwaysIssueRefreshToken: z.optional(z.boolean()),
  rotateRefreshToken: z.optional(z.boolean()),
});
export type CustomClientMetadata = z.infer<typeof customClientMetadataGuard>;

const customData = z.record(z.string(), z.unknown());

/** An application as the management API answers it; secrets are never part of it. */
export const applicationGuard = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  type: z.enum(applicationTypes),
  oidcClientMetadata: oidcClientMetadataGuard,
  customClientMetadata: customClientMetadataGuard,
  customData,
  isThirdParty: z.boolean(),
  createdAt: z.string(),
});
export type Application = z.infer<typeof applicationGuard>;

/** Body of POST /applications. A third-party app is Native, SPA or Traditional. */
export const createApplicationGuard = z.strictObject({
  name,
  type: z.enum(offeredApplicationTypes),
  description: z.optional(description),
  isThirdParty: z.optional(z.boolean()),
  oidcClientMetadata: z.optional(oidcClientMetadataGuard),
  customClientMetadata: z.optional(customClientMetadataGuard),
  customData: z.optional(customData),
});
export type CreateApplication = z.infer<typeof createApplicationGuard>;

/** Body of PATCH /applications/{id}: the JSON columns are replaced whole. The type cannot change. */
export const patchApplicationGuard = z.strictObject({
  name: z.optional(name),
  description: z.optional(description),
  oidcClientMetadata: z.optional(oidcClientMetadataGuard),
  customClientMetadata: z.optional(customClientMetadataGuard),
  customData: z.optional(customData),
});
export type PatchApplication = z.infer<typeof patchApplicationGuard>;

/** A client secret. Its value is in the answer of POST …/secrets only: it is stored hashed. */
export const applicationSecretGuard = z.object({
  name: z.string(),
  /** The last four characters of the value. */
  valueHint: z.string(),
  createdAt: z.string(),
  expiresAt: z.nullable(z.string()),
});
export type ApplicationSecret = z.infer<typeof applicationSecretGuard>;
export const createdApplicationSecretGuard = z.extend(applicationSecretGuard, { value: z.string() });
export type CreatedApplicationSecret = z.infer<typeof createdApplicationSecretGuard>;

const secretName = z.string().check(z.trim(), z.minLength(1), z.maxLength(secretNameMaxLength), plainName);
/** Body of POST /applications/{id}/secrets: `expiresAt` an ISO date in the future, or null for never. */
export const createApplicationSecretGuard = z.strictObject({ name: secretName, expiresAt: z.optional(z.nullable(z.iso.datetime({ offset: true }))) });
export type CreateApplicationSecret = z.infer<typeof createApplicationSecretGuard>;
/** Body of PATCH /applications/{id}/secrets/{name}. */
export const patchApplicationSecretGuard = z.strictObject({ name: secretName });

/** Body of POST and PUT /applications/{id}/roles (machine-to-machine apps, machine-to-machine roles). */
export const applicationRoleIdsGuard = z.strictObject({ roleIds: z.array(z.string().check(z.minLength(1), z.maxLength(21))).check(z.minLength(1), z.maxLength(100)) });

/** The answer of POST /applications: the app, with its "Default secret" (Traditional, MachineToMachine) shown this once. */
export const createdApplicationGuard = z.extend(applicationGuard, { secrets: z.array(createdApplicationSecretGuard) });
export type CreatedApplication = z.infer<typeof createdApplicationGuard>;
