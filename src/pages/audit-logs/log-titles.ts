import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { auditLogKeys, interactionEvents, managementEntities, type InteractionEvent, type LogPayload, type ManagementEntity } from '#schemas/log.ts';

/**
 * The title of each key of the log catalogue (audit-logs.md §5), composed of translated parts rather than written out
 * once per key: the interaction event and its step, the token grant, the management entity and action. A key outside
 * the catalogue has no title; the console shows it raw.
 */

const eventNames: Record<InteractionEvent, MessageDescriptor> = {
  SignIn: msg`Sign-in`,
  Register: msg`Registration`,
  ForgotPassword: msg`Password reset`,
};

/** The steps of an interaction, by the key's rest after `Interaction.{Event}.`. */
const stepNames: Record<string, MessageDescriptor> = {
  Create: msg({ message: 'start', comment: 'A step of a sign-in, registration or password reset, after "{event}: " in an audit log event title' }),
  Update: msg({ message: 'change event', comment: 'The interaction was switched to this event (e.g. from sign-in to registration), after "{event}: "' }),
  Submit: msg({ message: 'submit', comment: 'The whole interaction was submitted, after "{event}: "' }),
  'Profile.Update': msg`update profile`,
  'Identifier.Submit': msg`submit identifier`,
  'Verification.NewPasswordIdentity.Submit': msg`create password identity`,
  'Verification.IdpInitiatedSso.Create': msg`start IdP-initiated SSO`,
};

/** How a user is verified, and the MFA factors bound (the last three). */
const methodNames: Record<string, MessageDescriptor> = {
  Password: msg({ message: 'password', comment: 'A verification method in audit log titles: "verify {method}", "start {method} verification"' }),
  EmailVerificationCode: msg`e-mail code`,
  PhoneVerificationCode: msg`SMS code`,
  Social: msg`social account`,
  EnterpriseSso: msg`enterprise SSO`,
  Totp: msg`TOTP`,
  BackupCode: msg`backup code`,
  WebAuthn: msg`WebAuthn`,
};
const mfaMethods = new Set(['Totp', 'BackupCode', 'WebAuthn']);

const grantNames: Record<string, MessageDescriptor> = {
  AuthorizationCode: msg({ message: 'authorization code', comment: 'An OAuth grant type, in "Token request: {grant}"' }),
  RefreshToken: msg`refresh token`,
  ClientCredentials: msg`client credentials`,
  TokenExchange: msg`token exchange`,
  DeviceCode: msg`device code`,
  Unknown: msg`other grant`,
};

const entityNames: Record<ManagementEntity, MessageDescriptor> = {
  User: msg`User`,
  Role: msg`Role`,
  Application: msg`Application`,
  Resource: msg`API resource`,
  Scope: msg`Permission`,
  Organization: msg`Organization`,
  Connector: msg`Connector`,
  SsoConnector: msg`Enterprise SSO connector`,
  Hook: msg`Webhook`,
  SignInExperience: msg`Sign-in experience`,
  CustomPhrase: msg({ message: 'Custom phrases', comment: 'A language\'s own texts of the sign-in pages, in "{entity} {action}" (e.g. "Custom phrases updated")' }),
};

const actionNames: Record<string, MessageDescriptor> = {
  Created: msg({ message: 'created', comment: 'What an administrator did to an entity, in "{entity} {action}" (e.g. "User created")' }),
  Updated: msg`updated`,
  Deleted: msg`deleted`,
  SuspensionUpdated: msg`suspension changed`,
  PasswordReset: msg`password reset`,
  MfaVerificationDeleted: msg`MFA factor removed`,
  IdentityDeleted: msg`identity removed`,
  RolesUpdated: msg`roles updated`,
  ScopesUpdated: msg`permissions updated`,
  AssigneesUpdated: msg`assignees updated`,
  SecretRotated: msg`secret rotated`,
};

/** Keys whose title is one message. */
const singleTitles: Record<string, MessageDescriptor> = {
  RevokeToken: msg`Token revoked`,
  RevokeGrants: msg`Older grants revoked`,
  'Interaction.Create': msg`Interaction started`,
  'Interaction.End': msg`Interaction ended`,
  'Interaction.Create.Captcha': msg`CAPTCHA check started`,
  'JwtCustomizer.AccessToken': msg`Custom claims script: access token`,
  'JwtCustomizer.ClientCredentials': msg`Custom claims script: machine-to-machine token`,
  'SamlApplication.AuthnRequest': msg`SAML app: authentication request`,
  'SamlApplication.Callback': msg`SAML app: response posted`,
  'Management.SigningKey.Rotated': msg`Private keys rotated`,
  'Management.SigningKey.Deleted': msg`Private key deleted`,
  'Management.CookieKey.Rotated': msg`Cookie keys rotated`,
  'Management.CookieKey.Deleted': msg`Cookie key deleted`,
  'Management.JwtCustomizer.Created': msg`Custom claims script created`,
  'Management.JwtCustomizer.Updated': msg`Custom claims script updated`,
  'Management.JwtCustomizer.Deleted': msg`Custom claims script deleted`,
  Unknown: msg`Unknown event`,
};

const catalogue: ReadonlySet<string> = new Set(auditLogKeys);
const isInteractionEvent = (value: string): value is InteractionEvent => (interactionEvents as readonly string[]).includes(value);
const isEntity = (value: string): value is ManagementEntity => (managementEntities as readonly string[]).includes(value);

function interactionStep(i18n: I18n, rest: string): string | undefined {
  const named = stepNames[rest];
  if (named) return i18n._(named);
  const [kind, name = '', action] = rest.split('.');
  const method = methodNames[name] && i18n._(methodNames[name]);
  if (!method) return undefined;
  if (kind === 'BindMfa') return i18n._(msg`bind ${method}`);
  return action === 'Create' ? i18n._(msg`start ${method} verification`) : i18n._(msg`verify ${method}`);
}

/** The catalogue title of `key` in the active language; undefined for a key outside the catalogue. */
export function logTitle(i18n: I18n, key: string): string | undefined {
  if (!catalogue.has(key)) return undefined;
  const single = singleTitles[key];
  if (single) return i18n._(single);
  const [prefix = '', first = '', ...rest] = key.split('.');
  if (prefix === 'ExchangeTokenBy') {
    const grant = i18n._(grantNames[first]!);
    return i18n._(msg`Token request: ${grant}`);
  }
  if (prefix === 'Management' && isEntity(first)) {
    const entity = i18n._(entityNames[first]);
    const action = i18n._(actionNames[rest.join('.')]!);
    return i18n._(msg({ message: `${entity} ${action}`, comment: 'An administrator action in the audit log, e.g. "User created"' }));
  }
  if (prefix === 'Interaction' && isInteractionEvent(first)) {
    const event = i18n._(eventNames[first]);
    const step = interactionStep(i18n, rest.join('.'));
    return step && i18n._(msg`${event}: ${step}`);
  }
  return undefined;
}

/** The title of `key`, or the key itself when it is outside the catalogue. */
export const logTitleOrKey = (i18n: I18n, key: string) => logTitle(i18n, key) ?? key;

/** The groups of the event filter (logto-io/logto#7656), in this order. */
export const logGroups = ['SignIn', 'Register', 'ForgotPassword', 'Token', 'Mfa', 'Management', 'Other'] as const;
export type LogGroup = (typeof logGroups)[number];

export const logGroupNames: Record<LogGroup, MessageDescriptor> = {
  ...eventNames,
  Token: msg`Token`,
  Mfa: msg`MFA`,
  Management: msg`Administration`,
  Other: msg`Other`,
};

export function logGroupOf(key: string): LogGroup {
  const [prefix = '', first = '', kind, method] = key.split('.');
  if (prefix === 'ExchangeTokenBy' || prefix === 'RevokeToken' || prefix === 'RevokeGrants') return 'Token';
  if (prefix === 'Management') return 'Management';
  if (prefix !== 'Interaction' || !isInteractionEvent(first)) return 'Other';
  return kind === 'BindMfa' || (kind === 'Verification' && mfaMethods.has(method ?? '')) ? 'Mfa' : first;
}

export type EventOptionGroup = { group: string; items: { value: string; label: string }[] };

/** The event filter's options: every catalogue key by its title, grouped, each group sorted by title. */
export function eventOptions(i18n: I18n): EventOptionGroup[] {
  const collator = new Intl.Collator(i18n.locale);
  return logGroups.map((group) => ({
    group: i18n._(logGroupNames[group]),
    items: auditLogKeys
      .filter((key) => logGroupOf(key) === group)
      .map((key) => ({ value: key, label: logTitleOrKey(i18n, key) }))
      .sort((a, b) => collator.compare(a.label, b.label)),
  }));
}

/** The access-token type of RFC 8693: a token exchange with it as the subject token is an impersonation. */
const accessTokenType = 'urn:ietf:params:oauth:token-type:access_token';

/** audit-logs.md §2: a token exchange whose subject is an access token acts as that token's user. */
export const isImpersonation = (log: { key: string; payload: Pick<LogPayload, 'params'> }) =>
  log.key === 'ExchangeTokenBy.TokenExchange' && log.payload.params?.subject_token_type === accessTokenType;
