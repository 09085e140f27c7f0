import * as z from 'zod/mini';
import { customDataMaxBytes, jsonObjectGuard } from './json.ts';

/**
 * Custom JWT claims scripts (spec 02 §3; customize-jwt.md): per tenant and token type, a script whose
 * `getCustomJwtClaims` returns claims merged into the access token. Shared by the management API, the issuer and the
 * console editor (its type definitions are written from the guards below).
 */

/** The token types, as the routes name them (customize-jwt.md §0). */
export const jwtTokenTypes = ['access-token', 'client-credentials'] as const;
export type JwtTokenType = (typeof jwtTokenTypes)[number];

/** The key each token type's value is listed under by GET /configs/jwt-customizer (Logto's config keys). */
export const jwtCustomizerKeys = { 'access-token': 'jwt.accessToken', 'client-credentials': 'jwt.clientCredentials' } as const satisfies Record<JwtTokenType, string>;
export type JwtCustomizerKey = (typeof jwtCustomizerKeys)[JwtTokenType];

/** The audit log key of a run at issuance (spec 02 §3, Log; tenant-runtime.md §5). */
export const jwtCustomizerLogKeys = {
  'access-token': 'JwtCustomizer.AccessToken',
  'client-credentials': 'JwtCustomizer.ClientCredentials',
} as const satisfies Record<JwtTokenType, string>;

/** The errors of a run (spec 02 §8): the script denied access, or anything else went wrong. */
export const customJwtErrorCodes = ['AccessDenied', 'General'] as const;
export type CustomJwtErrorCode = (typeof customJwtErrorCodes)[number];

/** The API's error codes of this feature, each with its HTTP status. */
export const jwtCustomizerErrorStatuses = {
  /** A test run failed (thrown, denied, timed out, out of memory); details: `JwtTestFailure`. */
  'jwt_customizer.general': 422,
  /** A test run returned something other than a plain JSON object; details: `JwtTestFailure`. */
  'jwt_customizer.invalid_result': 400,
  /** PUT/PATCH: the script does not compile or does not define `getCustomJwtClaims`; details: `JwtScriptProblem`. */
  'jwt_customizer.invalid_script': 400,
  /** No script is saved for this token type. */
  'jwt_customizer.not_found': 404,
  /** Scripts never run for the console's own issuer. */
  'jwt_customizer.can_not_create_for_admin_tenant': 422,
  /** Too many runs are waiting for the sandbox; try again shortly. */
  'jwt_customizer.busy': 503,
} as const;
export type JwtCustomizerErrorCode = keyof typeof jwtCustomizerErrorStatuses;

/** Limits (customize-jwt.md §2–3, tenant-runtime.md §6). */
export const jwtScriptMaxBytes = 50 * 1024;
export const environmentVariableKeyMaxLength = 64;
export const environmentVariableValueMaxLength = 4096;
export const environmentVariablesMaxCount = 50;
/** The returned claims, as JSON. */
export const jwtClaimsMaxBytes = 50 * 1024;
/** Console output kept from one run (shown by test runs only). */
export const jwtConsoleOutputMaxBytes = 2 * 1024;
/** The samples and the test run's token and context, as JSON. */
export const jwtSampleMaxBytes = customDataMaxBytes;
/** A new script blocks issuance when it fails unless told otherwise. */
export const defaultBlockIssuanceOnError = true;

/**
 * Claims the script may not set: dropped from its result (and listed as `droppedClaims` by a test run). The issuer's
 * own claims, and the grant id claim oidc-provider puts in tokens (`grantId` in the token, not in the payload).
 */
export const reservedJwtClaims = ['iss', 'sub', 'aud', 'exp', 'iat', 'nbf', 'jti', 'scope', 'client_id', 'gty', 'kind', 'sid', 'organization_id', 'grant_id', 'cnf', 'act'] as const;

/**
 * An environment variable's value as the API answers it once saved: never the value. Sending it back in a PUT, a
 * PATCH or a test run means "the saved value of this key".
 */
export const maskedEnvironmentValue = '••••••••';
export const isMaskedValue = (value: string) => value === maskedEnvironmentValue;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;
export const jwtScriptGuard = z.string().check(
  z.refine((script) => script.trim().length > 0, 'The script must not be empty.'),
  z.refine((script) => utf8Length(script) <= jwtScriptMaxBytes, `The script must be at most ${jwtScriptMaxBytes / 1024} KiB.`),
);

export const environmentVariableKeyPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const environmentVariableKeyGuard = z
  .string()
  .check(z.minLength(1), z.maxLength(environmentVariableKeyMaxLength), z.regex(environmentVariableKeyPattern, 'Letters, digits and "_", not starting with a digit.'));
export const environmentVariableValueGuard = z.string().check(z.minLength(1), z.maxLength(environmentVariableValueMaxLength));
export const environmentVariablesGuard = z
  .record(environmentVariableKeyGuard, environmentVariableValueGuard)
  .check(z.refine((variables) => Object.keys(variables).length <= environmentVariablesMaxCount, `At most ${environmentVariablesMaxCount} variables.`));
export type EnvironmentVariables = z.infer<typeof environmentVariablesGuard>;

const sampleGuard = jsonObjectGuard(jwtSampleMaxBytes);

/** A saved script of one token type, as the API answers it (environment variable values masked). */
export const jwtCustomizerGuard = z.object({
  script: z.string(),
  environmentVariables: z.optional(z.record(z.string(), z.string())),
  tokenSample: z.optional(z.record(z.string(), z.unknown())),
  contextSample: z.optional(z.record(z.string(), z.unknown())),
  blockIssuanceOnError: z.boolean(),
});
export type JwtCustomizer = z.infer<typeof jwtCustomizerGuard>;

/** GET /configs/jwt-customizer: the saved ones, at most one per key. */
export const jwtCustomizerListGuard = z.array(z.object({ key: z.enum([jwtCustomizerKeys['access-token'], jwtCustomizerKeys['client-credentials']]), value: jwtCustomizerGuard }));
export type JwtCustomizerList = z.infer<typeof jwtCustomizerListGuard>;

/** Body of PUT /configs/jwt-customizer/{tokenType}: the whole value; `blockIssuanceOnError` left out is true. */
export const putJwtCustomizerGuard = z.strictObject({
  script: jwtScriptGuard,
  environmentVariables: z.optional(environmentVariablesGuard),
  tokenSample: z.optional(sampleGuard),
  contextSample: z.optional(sampleGuard),
  blockIssuanceOnError: z.optional(z.boolean()),
});
export type PutJwtCustomizer = z.infer<typeof putJwtCustomizerGuard>;

/** Body of PATCH /configs/jwt-customizer/{tokenType}: the fields given replace the saved ones (variables as a whole). */
export const patchJwtCustomizerGuard = z.strictObject({
  script: z.optional(jwtScriptGuard),
  environmentVariables: z.optional(environmentVariablesGuard),
  tokenSample: z.optional(sampleGuard),
  contextSample: z.optional(sampleGuard),
  blockIssuanceOnError: z.optional(z.boolean()),
});
export type PatchJwtCustomizer = z.infer<typeof patchJwtCustomizerGuard>;

/** Details of 400 jwt_customizer.invalid_script: what is wrong, and the script's line (1-based) when known. */
export const jwtScriptProblemGuard = z.object({ message: z.string(), line: z.optional(z.number()) });
export type JwtScriptProblem = z.infer<typeof jwtScriptProblemGuard>;

/** Body of POST /configs/jwt-customizer/test: runs the unsaved script on the samples; saves nothing. */
export const jwtTestGuard = z.strictObject({
  tokenType: z.enum(jwtTokenTypes),
  script: jwtScriptGuard,
  environmentVariables: z.optional(environmentVariablesGuard),
  token: sampleGuard,
  context: sampleGuard,
});
export type JwtTest = z.infer<typeof jwtTestGuard>;

export const consoleLevels = ['log', 'info', 'warn', 'error', 'debug'] as const;
/** What the script wrote with `console.*`, in order; cut at `jwtConsoleOutputMaxBytes` (then `truncated`). */
export const jwtConsoleOutputGuard = z.object({
  lines: z.array(z.object({ level: z.enum(consoleLevels), message: z.string() })),
  truncated: z.boolean(),
});
export type JwtConsoleOutput = z.infer<typeof jwtConsoleOutputGuard>;

/** 200 of a test run: the claims kept, the reserved ones dropped, console output and run time. */
export const jwtTestResultGuard = z.object({
  claims: z.record(z.string(), z.unknown()),
  droppedClaims: z.array(z.string()),
  consoleOutput: jwtConsoleOutputGuard,
  durationMs: z.number(),
});
export type JwtTestResult = z.infer<typeof jwtTestResultGuard>;

/** The details of a failed test run (422 jwt_customizer.general, 400 jwt_customizer.invalid_result). */
export const jwtTestFailureGuard = z.object({
  code: z.enum(customJwtErrorCodes),
  message: z.string(),
  /** The line of the user's script the error points at, when known (1-based). */
  line: z.optional(z.number()),
  consoleOutput: jwtConsoleOutputGuard,
  durationMs: z.number(),
});
export type JwtTestFailure = z.infer<typeof jwtTestFailureGuard>;

const aud = z.union([z.string(), z.array(z.string())]);
/** What the script receives (customize-jwt.md §3): the token about to be signed, per type. */
export const accessTokenPayloadGuard = z.object({
  jti: z.string(),
  aud,
  scope: z.optional(z.string()),
  clientId: z.optional(z.string()),
  accountId: z.string(),
  expiresWithSession: z.optional(z.boolean()),
  grantId: z.string(),
  gty: z.string(),
  sessionUid: z.optional(z.string()),
  sid: z.optional(z.string()),
  kind: z.literal('AccessToken'),
});
export const clientCredentialsPayloadGuard = z.object({
  jti: z.string(),
  aud,
  scope: z.optional(z.string()),
  clientId: z.optional(z.string()),
  kind: z.literal('ClientCredentials'),
});

/** The application a token is for, without its secret. */
export const jwtApplicationContextGuard = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  type: z.string(),
  oidcClientMetadata: z.record(z.string(), z.unknown()),
  customClientMetadata: z.record(z.string(), z.unknown()),
  customData: z.record(z.string(), z.unknown()),
  isThirdParty: z.boolean(),
  createdAt: z.string(),
});

const jwtScopeContextGuard = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  resourceId: z.string(),
  resource: z.object({ id: z.string(), name: z.string(), indicator: z.string() }),
});

/** The user of a user access token, read from the database at issuance. */
export const jwtUserContextGuard = z.object({
  id: z.string(),
  username: z.nullable(z.string()),
  primaryEmail: z.nullable(z.string()),
  primaryPhone: z.nullable(z.string()),
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  customData: z.record(z.string(), z.unknown()),
  identities: z.record(z.string(), z.unknown()),
  profile: z.record(z.string(), z.unknown()),
  applicationId: z.nullable(z.string()),
  isSuspended: z.boolean(),
  lastSignInAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  hasPassword: z.boolean(),
  ssoIdentities: z.array(z.object({ issuer: z.string(), identityId: z.string(), detail: z.record(z.string(), z.unknown()) })),
  mfaVerificationFactors: z.array(z.string()),
  roles: z.array(z.object({ id: z.string(), name: z.string(), description: z.nullable(z.string()), scopes: z.array(jwtScopeContextGuard) })),
  organizations: z.array(z.object({ id: z.string(), name: z.string(), description: z.nullable(z.string()) })),
  organizationRoles: z.array(z.object({ organizationId: z.string(), roleId: z.string(), roleName: z.string() })),
});

export const accessTokenContextGuard = z.object({ user: jwtUserContextGuard, application: z.optional(jwtApplicationContextGuard) });
export const clientCredentialsContextGuard = z.object({ application: jwtApplicationContextGuard });

export const jwtTokenPayloadGuards = { 'access-token': accessTokenPayloadGuard, 'client-credentials': clientCredentialsPayloadGuard } as const;
/** The `context` per token type. */
export const jwtContextGuards = { 'access-token': accessTokenContextGuard, 'client-credentials': clientCredentialsContextGuard } as const;

/** The name the script must define. */
export const jwtFunctionName = 'getCustomJwtClaims';
/** What the editor pre-fills on create (and "restore template"). */
export const jwtScriptTemplate = `/**
 * Returns the claims to add to the access token.
 *
 * @param {Object} payload
 * @param {Object} payload.token - The token about to be signed (read-only).
 * @param {Object} payload.context - Who and what the token is for: the user or the application (read-only).
 * @param {Object} payload.environmentVariables - The variables saved with this script.
 * @param {Object} payload.api - api.denyAccess(message) refuses the token.
 * @returns {Promise<Object>} A plain JSON object; its keys are added to the token.
 */
const getCustomJwtClaims = async ({ token, context, environmentVariables, api }) => {
  return {};
};
`;

const sampleApplication = {
  id: 'k4cq8bv1n2e0t5x7z3m9a',
  name: 'My app',
  description: null,
  type: 'MachineToMachine',
  oidcClientMetadata: { redirectUris: [], postLogoutRedirectUris: [] },
  customClientMetadata: {},
  customData: {},
  isThirdParty: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** Realistic sample input per token type (the editor's "reset to sample"). */
export const defaultTokenSamples = {
  'access-token': {
    jti: 'n7qZ0bN2cS3rT5xV8yW1u', aud: 'https://api.example.com', scope: 'read write', clientId: 'p2mv6rj0w8qk3h5d9s1ta', accountId: 'u1x2c3v4b5n6',
    expiresWithSession: true, grantId: 'g4KqL1mN8pR2sT6vW0xYz', gty: 'authorization_code', sessionUid: 's9d8f7g6h5j4k3l2m1n0b', sid: 'c0v9b8n7m6l5k4j3h2g1f', kind: 'AccessToken',
  },
  'client-credentials': { jti: 'r5tY6uI7oP8aS9dF0gH1j', aud: 'https://api.example.com', scope: 'read write', clientId: sampleApplication.id, kind: 'ClientCredentials' },
} as const satisfies Record<JwtTokenType, Record<string, unknown>>;

const sampleResource = { id: 'a1p2i3r4e5s6o7u8r9c0e', name: 'Articles API', indicator: 'https://api.example.com' };

export const defaultContextSamples = {
  'access-token': {
    user: {
      id: 'u1x2c3v4b5n6', username: 'jane', primaryEmail: 'jane@example.com', primaryPhone: null, name: 'Jane Doe', avatar: null,
      customData: { plan: 'pro' }, identities: {}, profile: { givenName: 'Jane', familyName: 'Doe' }, applicationId: 'p2mv6rj0w8qk3h5d9s1ta', isSuspended: false,
      lastSignInAt: '2025-01-02T08:00:00.000Z', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-02T08:00:00.000Z',
      hasPassword: true, ssoIdentities: [], mfaVerificationFactors: ['Totp'],
      roles: [
        {
          id: 'r0l3x9q2w8e7r6t5y4u3i', name: 'editor', description: 'Edits articles',
          scopes: [{ id: 's1c2o3p4e5i6d7x8y9z0a', name: 'write', description: 'Write articles', resourceId: sampleResource.id, resource: sampleResource }],
        },
      ],
      organizations: [],
      organizationRoles: [],
    },
  },
  'client-credentials': { application: sampleApplication },
} as const satisfies Record<JwtTokenType, Record<string, unknown>>;
