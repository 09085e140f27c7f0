import * as z from 'zod/mini';

/**
 * A tenant's audit log (spec 02 §3, Log; audit-logs.md §4–5): what its identity service did, and what its
 * administrators changed. Keys are dot-joined `Prefix.Event.Field.Method.Action`.
 */

export const interactionEvents = ['SignIn', 'Register', 'ForgotPassword'] as const;
export type InteractionEvent = (typeof interactionEvents)[number];

export const logResults = ['Success', 'Error'] as const;
export type LogResult = (typeof logResults)[number];

const verificationMethods = ['Password', 'EmailVerificationCode', 'PhoneVerificationCode', 'Social', 'EnterpriseSso', 'Totp', 'BackupCode', 'WebAuthn'] as const;

export const tokenLogKeys = [
  'ExchangeTokenBy.AuthorizationCode',
  'ExchangeTokenBy.RefreshToken',
  'ExchangeTokenBy.ClientCredentials',
  'ExchangeTokenBy.TokenExchange',
  'ExchangeTokenBy.DeviceCode',
  'ExchangeTokenBy.Unknown',
  'RevokeToken',
  'RevokeGrants',
] as const;

const perEvent = (event: InteractionEvent) => [
  `Interaction.${event}.Create`,
  `Interaction.${event}.Update`,
  `Interaction.${event}.Submit`,
  `Interaction.${event}.Profile.Update`,
  `Interaction.${event}.Identifier.Submit`,
  ...verificationMethods.flatMap((method) =>
    method === 'Password' ? [`Interaction.${event}.Verification.Password.Submit`] : [`Interaction.${event}.Verification.${method}.Create`, `Interaction.${event}.Verification.${method}.Submit`],
  ),
  `Interaction.${event}.Verification.NewPasswordIdentity.Submit`,
  ...(['Totp', 'WebAuthn', 'BackupCode'] as const).map((factor) => `Interaction.${event}.BindMfa.${factor}.Submit`),
];

export const interactionLogKeys = [
  'Interaction.Create',
  'Interaction.End',
  'Interaction.Create.Captcha',
  ...interactionEvents.flatMap(perEvent),
  'Interaction.SignIn.Verification.IdpInitiatedSso.Create',
] as const;

export const managementEntities = ['User', 'Role', 'Application', 'Resource', 'Scope', 'Organization', 'Connector', 'SsoConnector', 'Hook', 'SignInExperience', 'CustomPhrase'] as const;
export type ManagementEntity = (typeof managementEntities)[number];

export const managementLogKeys = [
  ...managementEntities.flatMap((entity) => (['Created', 'Updated', 'Deleted'] as const).map((action) => `Management.${entity}.${action}` as const)),
  'Management.User.SuspensionUpdated',
  'Management.User.PasswordReset',
  'Management.User.MfaVerificationDeleted',
  'Management.User.IdentityDeleted',
  'Management.User.RolesUpdated',
  'Management.Role.ScopesUpdated',
  'Management.Role.AssigneesUpdated',
  'Management.Application.SecretRotated',
  'Management.SigningKey.Rotated',
  'Management.SigningKey.Deleted',
  'Management.CookieKey.Rotated',
  'Management.CookieKey.Deleted',
  'Management.JwtCustomizer.Created',
  'Management.JwtCustomizer.Updated',
  'Management.JwtCustomizer.Deleted',
] as const;
export type ManagementLogKey = (typeof managementLogKeys)[number];

export const otherLogKeys = ['JwtCustomizer.AccessToken', 'JwtCustomizer.ClientCredentials', 'SamlApplication.AuthnRequest', 'SamlApplication.Callback', 'Unknown'] as const;

/** Every key the audit log lists (its event filter offers these). */
export const auditLogKeys: readonly string[] = [...tokenLogKeys, ...interactionLogKeys, ...managementLogKeys, ...otherLogKeys];
export type LogKey = (typeof tokenLogKeys)[number] | (typeof managementLogKeys)[number] | (typeof otherLogKeys)[number] | (string & {});

/** Only keys with these prefixes are audit logs; webhook deliveries (TriggerHook.*) are shown elsewhere. */
export const auditLogPrefixes = ['ExchangeTokenBy', 'RevokeToken', 'RevokeGrants', 'Interaction', 'JwtCustomizer', 'SamlApplication', 'Management', 'Unknown'] as const;

/** Who made a management change. */
export const logActorGuard = z.object({
  type: z.enum(['ConsoleUser', 'Application']),
  id: z.string(),
  display: z.optional(z.string()),
});
export type LogActor = z.infer<typeof logActorGuard>;

/** Secret fields' values in `changes` are replaced by this. */
export const redacted = '[redacted]';

/** The payload of a log; keys beyond these are free per key (audit-logs.md §4). Secrets are never stored. */
export const logPayloadGuard = z.looseObject({
  key: z.string(),
  result: z.enum(logResults),
  error: z.optional(z.union([z.string(), z.looseObject({ code: z.optional(z.string()), message: z.optional(z.string()) })])),
  ip: z.optional(z.string()),
  userAgent: z.optional(z.string()),
  userId: z.optional(z.string()),
  applicationId: z.optional(z.string()),
  sessionId: z.optional(z.string()),
  params: z.optional(z.record(z.string(), z.unknown())),
  actor: z.optional(logActorGuard),
  targetId: z.optional(z.string()),
  changes: z.optional(z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))),
});
export type LogPayload = z.infer<typeof logPayloadGuard>;

export const logGuard = z.object({ id: z.string(), key: z.string(), payload: logPayloadGuard, createdAt: z.string() });
export type Log = z.infer<typeof logGuard>;

/** The user a log names, as much as its title needs (schemas/user-title.ts). */
export const logUserGuard = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  username: z.nullable(z.string()),
  primaryEmail: z.nullable(z.string()),
  primaryPhone: z.nullable(z.string()),
});
export type LogUser = z.infer<typeof logUserGuard>;

/**
 * A log as GET /logs and GET /logs/{id} answer it: with the user and application it names, read in the same query
 * (null when the log names one that no longer exists: "deleted user"), and the console user or app that made a
 * management change.
 */
export const logItemGuard = z.extend(logGuard, {
  user: z.optional(z.nullable(logUserGuard)),
  application: z.optional(z.nullable(z.object({ id: z.string(), name: z.string(), type: z.string() }))),
});
export type LogItem = z.infer<typeof logItemGuard>;

/** GET /logs/retention: how many days of logs the tenant keeps (its plan's, or the server's), null for all of them. */
export const logRetentionGuard = z.object({ auditLogRetentionDays: z.nullable(z.number()) });
export type LogRetention = z.infer<typeof logRetentionGuard>;
