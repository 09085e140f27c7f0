import type { ConfigFieldProblems } from '#schemas/connector-config-problems.ts';
import type { ConnectorErrorCode, ConnectorFactoryInfo, TemplateUsage } from '#schemas/connector.ts';
import type { Db } from '../../db/client.ts';

/**
 * What a connector factory builds (connectors.md §0, §6): the management API lists factories, the sign-in pages call
 * the built connectors. A factory never throws for what a provider or a config gets wrong: it answers a
 * `ConnectorError`, which reaches the admin and the end user as `connector.{code}` with the provider's message.
 */
export type ConnectorError = { code: ConnectorErrorCode; message?: string };
export type ConnectorOutcome<Value> = { ok: true; value: Value } | { ok: false; error: ConnectorError };

/** What a connector is built from: its stored config (confidential values opened) and what it needs of the server. */
export type ConnectorContext = {
  db: Db;
  tenantId: string;
  config: Record<string, unknown>;
  /** The connector's own id, for its callback URI. */
  connectorId: string;
  /** HTTP for connectors that reach out: the server's fetch, bounded in time. */
  fetch: typeof fetch;
};

/** One message an e-mail or SMS connector sends: a code, or a link, from the template for `usage`. */
export type ConnectorMessage = { to: string; usage: TemplateUsage; code: string; link?: string; locale: string };

export type MessageConnector = { send: (message: ConnectorMessage) => Promise<ConnectorOutcome<void>> };

/** What a social provider says of the person who signed in there. */
export type SocialUserInfo = {
  id: string;
  email?: string;
  /** Whether the provider vouches for the e-mail; an unverified one never links to an existing user. */
  emailVerified?: boolean;
  phone?: string;
  name?: string;
  avatar?: string;
  rawData?: Record<string, unknown>;
};

export type SocialConnector = {
  /** Where the browser goes to sign in at the provider; `state` is bound to the interaction by the caller. */
  authorizationUri: (input: { state: string; redirectUri: string; nonce: string }) => Promise<ConnectorOutcome<string>>;
  /** Exchanges the callback's parameters (query or form) for the user's info. */
  userInfo: (input: { data: Record<string, string>; redirectUri: string; nonce: string }) => Promise<ConnectorOutcome<SocialUserInfo>>;
};

/** A factory's facts (as the API lists them), how its config is checked, and what it builds. */
export type ConnectorFactory =
  | (FactoryBase & { info: ConnectorFactoryInfo & { type: 'Email' | 'Sms' }; build: (context: ConnectorContext) => MessageConnector })
  | (FactoryBase & { info: ConnectorFactoryInfo & { type: 'Social' }; build: (context: ConnectorContext) => SocialConnector });

/** A checked config: as stored (defaults filled in), or the problem of each refused field by its key. */
export type ConfigCheck = { ok: true; config: Record<string, unknown> } | { ok: false; fields: ConfigFieldProblems };

type FactoryBase = {
  checkConfig: (config: Record<string, unknown>) => ConfigCheck;
};

export type MessageConnectorFactory = Extract<ConnectorFactory, { info: { type: 'Email' | 'Sms' } }>;
export type SocialConnectorFactory = Extract<ConnectorFactory, { info: { type: 'Social' } }>;

export const isMessageFactory = (factory: ConnectorFactory): factory is MessageConnectorFactory => factory.info.type !== 'Social';
export const isSocialFactory = (factory: ConnectorFactory): factory is SocialConnectorFactory => factory.info.type === 'Social';
