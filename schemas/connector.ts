import * as z from 'zod/mini';

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

/** One field of a factory's config form (connectors.md §4.2); text by language, English always present. */
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
