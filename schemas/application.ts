import * as z from 'zod/mini';
import { applicationTypes, offeredApplicationTypes, type ApplicationType } from './application-types.ts';
import { plainName } from './text.ts';
import { customDataGuard } from './json.ts';
import { isWebUrl, parseWebUrl } from './url.ts';

export * from './application-types.ts';

/** Third-party apps are user-facing clients of these types. */
export const thirdPartyApplicationTypes = ['Native', 'SPA', 'Traditional'] as const satisfies readonly ApplicationType[];
/** Types that authenticate with a client secret (they get a "Default secret" when created). */
export const confidentialApplicationTypes = ['Traditional', 'MachineToMachine'] as const satisfies readonly ApplicationType[];
/** User-facing clients without a secret: their sign-ins always use PKCE. */
export const publicApplicationTypes = ['Native', 'SPA'] as const satisfies readonly ApplicationType[];
export const isPublicApplication = (type: ApplicationType) => (publicApplicationTypes as readonly ApplicationType[]).includes(type);

export const applicationNameMaxLength = 256;
export const defaultIdTokenTtl = 3600;
export const defaultRefreshTokenTtlInDays = 14;
export const refreshTokenTtlInDaysRange = { min: 1, max: 90 } as const;
export const secretNameMaxLength = 256;
/**
 * The algorithms an app may have its ID tokens signed with (OIDC Core §3.1.3.7, OIDC Registration
 * `id_token_signed_response_alg`); every tenant issuer has a key of each. The first is the default.
 */
export const idTokenSigningAlgorithms = ['ES256', 'RS256'] as const;
export type IdTokenSigningAlgorithm = (typeof idTokenSigningAlgorithms)[number];
export const defaultIdTokenSigningAlgorithm: IdTokenSigningAlgorithm = idTokenSigningAlgorithms[0];
/** Whether an app without the setting requires PKCE (customClientMetadata.requirePkce); public apps always do. */
export const defaultRequirePkce = true;
/**
 * The name of the secret a confidential app is created with. A secret's name is its key (it is renamed and deleted by
 * name, and logs name it), so it is stored as is, whoever creates the app; the console shows it in the reader's language.
 */
export const defaultSecretName = 'Default secret';

const name = z.string().check(z.trim(), z.minLength(1), z.maxLength(applicationNameMaxLength), plainName);
const description = z.nullable(z.string().check(z.maxLength(2048)));

/** Schemes a browser runs or reads locally: never a redirect URI (the issuer refuses them). */
const browserSchemes = ['javascript:', 'vbscript:', 'data:', 'blob:', 'file:', 'about:'];

/**
 * A redirect URI (spec 02 §5): web (http or https, on a host name) or a mobile custom scheme (`com.example.app:/callback`),
 * without a fragment. Which of them an app may use depends on its type (`redirectUriRefusal`).
 */
export const isRedirectUri = (value: string) =>
  URL.canParse(value) && !value.includes('#') && (isWebUrl(value) || (!/^https?:/i.test(value) && !browserSchemes.includes(new URL(value).protocol)));

const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Why the issuer refuses a redirect (or post-logout) URI for an app of `type`, or undefined: a web app redirects to
 * http(s) URLs; a native app to a custom scheme, over http to this device (RFC 8252 §7.3) or over https elsewhere.
 */
export const redirectUriRefusal = (type: ApplicationType, uri: string): string | undefined => {
  if (type === 'MachineToMachine') return 'A machine-to-machine application has no redirect URIs.';
  const web = parseWebUrl(uri);
  if (type !== 'Native') return web ? undefined : 'A web application redirects to http(s) URLs only.';
  const loopback = web !== undefined && loopbackHosts.includes(web.hostname);
  if (web?.protocol === 'http:' && !loopback) return 'A native application redirects over plain http only to localhost, 127.0.0.1 or [::1].';
  if (web?.protocol === 'https:' && loopback) return 'A native application redirects to this device over plain http only.';
  return undefined;
};
/** A CORS origin: scheme, host and port only. */
export const isOrigin = (value: string) => parseWebUrl(value)?.origin === value;

const redirectUri = z.string().check(z.maxLength(2048), z.refine(isRedirectUri, 'Must be an http(s) URL or a custom-scheme URI, without a fragment.'));
const url = z.string().check(z.maxLength(2048), z.refine(isWebUrl, 'Must be an http(s) URL.'));

/** Standard OIDC client metadata (spec 02 §3). */
export const oidcClientMetadataGuard = z.object({
  redirectUris: z.array(redirectUri).check(z.maxLength(50)),
  postLogoutRedirectUris: z.array(redirectUri).check(z.maxLength(50)),
  backchannelLogoutUri: z.optional(z.nullable(url)),
  backchannelLogoutSessionRequired: z.optional(z.boolean()),
  logoUri: z.optional(z.nullable(url)),
  /** The ID token's signing algorithm; `defaultIdTokenSigningAlgorithm` when absent. */
  idTokenSignedResponseAlg: z.optional(z.enum(idTokenSigningAlgorithms)),
});
export type OidcClientMetadata = z.infer<typeof oidcClientMetadataGuard>;

/** The first redirect or post-logout URI in `metadata` the issuer refuses for an app of `type`: its path, and why. */
export const refusedRedirectUri = (type: ApplicationType, metadata: OidcClientMetadata | undefined) => {
  for (const key of ['redirectUris', 'postLogoutRedirectUris'] as const) {
    for (const [index, uri] of (metadata?.[key] ?? []).entries()) {
      const message = redirectUriRefusal(type, uri);
      // A machine-to-machine app's list is refused whole: it has none.
      if (message) return { path: `oidcClientMetadata.${key}${type === 'MachineToMachine' ? '' : `.${index}`}`, message };
    }
  }
  return undefined;
};

/** Gatehouse's own client settings (spec 02 §3, §9): CORS, token lifetimes and refresh behaviour. */
export const customClientMetadataGuard = z.object({
  corsAllowedOrigins: z.optional(z.array(z.string().check(z.refine(isOrigin, 'Must be an origin such as https://app.example.com.'))).check(z.maxLength(50))),
  idTokenTtl: z.optional(z.number().check(z.int(), z.minimum(60), z.maximum(86_400))),
  refreshTokenTtlInDays: z.optional(z.number().check(z.int(), z.minimum(refreshTokenTtlInDaysRange.min), z.maximum(refreshTokenTtlInDaysRange.max))),
  alwaysIssueRefreshToken: z.optional(z.boolean()),
  rotateRefreshToken: z.optional(z.boolean()),
  /**
   * A confidential (Traditional) app's sign-ins need PKCE (RFC 7636); `defaultRequirePkce` when absent. Without it,
   * PKCE is still checked when the app sends it. Public apps (Native, SPA) always need it.
   */
  requirePkce: z.optional(z.boolean()),
});
export type CustomClientMetadata = z.infer<typeof customClientMetadataGuard>;


/** An application as the management API answers it; secrets are never part of it. */
export const applicationGuard = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  type: z.enum(applicationTypes),
  oidcClientMetadata: oidcClientMetadataGuard,
  customClientMetadata: customClientMetadataGuard,
  customData: z.record(z.string(), z.unknown()),
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
  customData: z.optional(customDataGuard),
});
export type CreateApplication = z.infer<typeof createApplicationGuard>;

/** Body of PATCH /applications/{id}: the JSON columns are replaced whole. The type cannot change. */
export const patchApplicationGuard = z.strictObject({
  name: z.optional(name),
  description: z.optional(description),
  oidcClientMetadata: z.optional(oidcClientMetadataGuard),
  customClientMetadata: z.optional(customClientMetadataGuard),
  customData: z.optional(customDataGuard),
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
