import * as z from 'zod/mini';
import { customDataMaxBytes, jsonObjectGuard } from './json.ts';
import { emailGuard, phoneGuard } from './tenant-user.ts';

/**
 * Connectors (spec 02 §3; connectors.md): the tenant's e-mail and SMS senders and its social providers. Shared by the
 * management API, the sign-in pages and the console.
 */
export const connectorTypes = ['Email', 'Sms', 'Social'] as const;
export type ConnectorType = (typeof connectorTypes)[number];
export const connectorPlatforms = ['Universal', 'Web', 'Native'] as const;
export type ConnectorPlatform = (typeof connectorPlatforms)[number];

/** What an e-mail or SMS template is for (connectors.md §6). */
export const templateUsageTypes = [
  'SignIn',
  'Register',
  'ForgotPassword',
  'OrganizationInvitation',
  'Generic',
  'UserPermissionValidation',
  'BindNewIdentifier',
  'MfaVerification',
  'BindMfa',
] as const;
export type TemplateUsage = (typeof templateUsageTypes)[number];

/** A connector's errors (spec 02 §8), answered as `connector.{code}`, each with its HTTP status (connectors.md §0). */
export const connectorErrorStatuses = {
  general: 400,
  invalid_metadata: 400,
  invalid_config_guard: 400,
  invalid_config: 400,
  invalid_certificate: 400,
  invalid_request_parameters: 400,
  insufficient_request_parameters: 400,
  invalid_response: 400,
  template_not_found: 400,
  template_not_supported: 400,
  unexpected_type: 400,
  social_auth_code_invalid: 401,
  social_invalid_access_token: 401,
  social_invalid_id_token: 401,
  authorization_failed: 401,
  rate_limit_exceeded: 429,
  not_implemented: 501,
} as const;
export type ConnectorErrorCode = keyof typeof connectorErrorStatuses;

/** A target: lowercase letters, digits and `-` (connectors.md §3, Gatehouse's rule), at most 128. */
export const connectorTarget = z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[a-z0-9-]+$/));

export const formItemTypes = ['Text', 'MultilineText', 'Number', 'Switch', 'Select', 'MultiSelect', 'Json'] as const;
export type FormItemType = (typeof formItemTypes)[number];

/** A form item's texts in one language; select titles by value. A text left out reads as the item's English one. */
export const formItemTextsGuard = z.object({
  label: z.optional(z.string()),
  placeholder: z.optional(z.string()),
  description: z.optional(z.string()),
  tooltip: z.optional(z.string()),
  selectItems: z.optional(z.record(z.string(), z.string())),
});
export type FormItemTexts = z.infer<typeof formItemTextsGuard>;

/**
 * One field of a factory's config form (connectors.md §4.2). Its texts are English; `translations` holds them in the
 * other shipped languages, by language tag.
 */
export const formItemGuard = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(formItemTypes),
  required: z.optional(z.boolean()),
  placeholder: z.optional(z.string()),
  defaultValue: z.optional(z.unknown()),
  description: z.optional(z.string()),
  tooltip: z.optional(z.string()),
  isConfidential: z.optional(z.boolean()),
  showConditions: z.optional(z.array(z.object({ targetKey: z.string(), expectValue: z.unknown() }))),
  selectItems: z.optional(z.array(z.object({ value: z.string(), title: z.optional(z.string()) }))),
  translations: z.optional(z.record(z.string(), formItemTextsGuard)),
});
export type FormItem = z.infer<typeof formItemGuard>;

const byLanguage = z.record(z.string(), z.string());

/** A factory: a kind of connector the server can build (read-only). */
export const connectorFactoryGuard = z.object({
  id: z.string(),
  type: z.enum(connectorTypes),
  target: z.string(),
  platform: z.nullable(z.enum(connectorPlatforms)),
  isStandard: z.boolean(),
  isDemo: z.boolean(),
  name: byLanguage,
  description: byLanguage,
  logo: z.string(),
  logoDark: z.nullable(z.string()),
  readme: z.string(),
  formItems: z.optional(z.array(formItemGuard)),
  configTemplate: z.optional(z.string()),
});
export type ConnectorFactoryInfo = z.infer<typeof connectorFactoryGuard>;

/** A standard connector's own metadata: its target, name by language and logos. */
export const connectorMetadataGuard = z.object({
  target: z.optional(connectorTarget),
  name: z.optional(byLanguage),
  logo: z.optional(z.nullable(z.string().check(z.maxLength(2048)))),
  logoDark: z.optional(z.nullable(z.string().check(z.maxLength(2048)))),
});
export type ConnectorMetadata = z.infer<typeof connectorMetadataGuard>;

/**
 * A connector as the management API answers it: the row with its factory's facts merged (connectors.md §0).
 * Confidential config values are never answered: their keys are present with the value `null` once set.
 */
export const connectorGuard = z.object({
  id: z.string(),
  connectorId: z.string(),
  type: z.enum(connectorTypes),
  target: z.string(),
  platform: z.nullable(z.enum(connectorPlatforms)),
  isStandard: z.boolean(),
  isDemo: z.boolean(),
  name: byLanguage,
  logo: z.string(),
  logoDark: z.nullable(z.string()),
  readme: z.string(),
  formItems: z.optional(z.array(formItemGuard)),
  syncProfile: z.boolean(),
  config: z.record(z.string(), z.unknown()),
  metadata: connectorMetadataGuard,
  /** Social only: where the provider sends the user back (the runtime's own function). */
  callbackUri: z.optional(z.string()),
  createdAt: z.string(),
});
export type Connector = z.infer<typeof connectorGuard>;

/**
 * What a connector is used for by the sign-in experience (connectors.md §8, "used by"): e-mail or phone codes at sign-up,
 * at sign-in, for MFA; a social connector's button.
 */
export const connectorUsages = ['signUp', 'signIn', 'mfa', 'socialSignIn'] as const;
export type ConnectorUsage = (typeof connectorUsages)[number];

/** The management API's connector: the response above and what the sign-in experience uses it for. */
export const connectorResponseGuard = z.extend(connectorGuard, { usedBy: z.array(z.enum(connectorUsages)) });
export type ConnectorResponse = z.infer<typeof connectorResponseGuard>;

/** A connector's config: a JSON object, as deep and as large as custom data may be. */
const connectorConfig = jsonObjectGuard(customDataMaxBytes);
/** A connector's id: a generated one, or one the console proposes (to show the callback URI before saving). */
export const connectorIdGuard = z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[\w-]+$/, 'Letters, digits, "_" and "-" only.'));

export const createConnectorGuard = z.strictObject({
  connectorId: z.string().check(z.minLength(1), z.maxLength(128)),
  id: z.optional(connectorIdGuard),
  config: z.optional(connectorConfig),
  metadata: z.optional(connectorMetadataGuard),
  syncProfile: z.optional(z.boolean()),
});
export type CreateConnector = z.infer<typeof createConnectorGuard>;

export const patchConnectorGuard = z.strictObject({
  config: z.optional(connectorConfig),
  metadata: z.optional(connectorMetadataGuard),
  syncProfile: z.optional(z.boolean()),
});
export type PatchConnector = z.infer<typeof patchConnectorGuard>;

/** A test send: to an e-mail address or a phone number (spec 02 §5), with the form's unsaved config. */
export const testConnectorGuard = z
  .strictObject({
    email: z.optional(emailGuard),
    phone: z.optional(phoneGuard),
    config: connectorConfig,
    locale: z.optional(z.string().check(z.maxLength(32))),
    /** The saved connector being edited: its stored confidential values fill those the config leaves out or null. */
    id: z.optional(connectorIdGuard),
  })
  .check(z.refine((body) => (body.email === undefined) !== (body.phone === undefined), { message: 'Give an email or a phone, not both.', path: ['email'] }));
export type TestConnector = z.infer<typeof testConnectorGuard>;

export const authorizationUriGuard = z.strictObject({
  state: z.string().check(z.minLength(1), z.maxLength(2048)),
  redirectUri: z.string().check(z.minLength(1), z.maxLength(2048)),
});
export const authorizationUriResponseGuard = z.object({ redirectTo: z.string() });

/** Filters of GET /connectors: only the connectors of one target. */
export const connectorListQuery = { target: z.optional(z.string().check(z.maxLength(128))) };
