import path from 'node:path';
import { editions, type Edition } from '../schemas/config.ts';
import { productName } from '../schemas/constants.ts';
import { isLoopbackHost } from './net/loopback.ts';
import { parseSecretsKey } from './secrets-key.ts';
import { parseHookEnv } from './tenant/hooks/settings.ts';

export type ServerConfig = {
  port: number;
  /** Origin the browser uses, e.g. http://localhost:3001. The issuer is `${publicUrl}/oidc`. */
  publicUrl: string;
  edition: Edition;
  /** node-postgres when set, PGlite otherwise. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` keeps everything in memory (tests). */
  pgliteDir: string;
  /** With `memory://`: a PGlite data dump to start from instead of an empty database (tests: one migrated dump). */
  pgliteTemplate?: Blob;
  releaseInfoUrl: string;
  /** `BREACHED_PASSWORDS_URL`: the k-anonymity range lookup of breached passwords (spec 02 §7), asked `{url}/{5 hex}`. */
  breachedPasswordsUrl: string;
  /** Print oidc-provider's error details (`DEBUG=oidc` or `DEBUG=1`). */
  debug: boolean;
  isDevMode: boolean;
  consoleDir: string;
  /** Mail goes out over SMTP when set (`smtp://user:pass@host:587`, `smtps://…`); otherwise into the dev mailbox. */
  smtpUrl?: string;
  /** Sender of the server's mail. */
  mailFrom: string;
  /** `DEV_MAILBOX=1`: without SMTP_URL, the dev mailbox also answers clients off this machine and PUBLIC_URL may be public. */
  devMailbox?: boolean;
  /** `TRUST_PROXY=1`: the request's scheme, host and client address come from a proxy's X-Forwarded-Proto/Host/For. */
  trustProxy: boolean;
  /** Fixed delay before a paid checkout completes; unset, 1 to 3 s at random (as a provider's webhook). */
  checkoutCompletionDelayMs?: number;
  /** `TENANT_POOL_SIZE`: how many tenant issuers a process keeps built (least recently used ones go first). */
  tenantPoolSize: number;
  /** `AUDIT_LOG_RETENTION_DAYS`: how many days a self-hosted tenant keeps its audit logs; unset, forever (cloud: the plan's). */
  auditLogRetentionDays?: number;
  /** `SECRETS_KEY`: the key sealing stored secrets (32 bytes, base64url); unset, a key file (server/secrets-key.ts). */
  secretsKey?: string;
  /** `HOOK_RETRY_DELAYS_MS`: the waits before a delivery's 2nd, 3rd and 4th attempt (tenant/hooks/settings.ts). */
  hookRetryDelaysMs: number[];
  /** `HOOK_TIMEOUT_MS`: how long a delivery attempt waits for the answer. */
  hookTimeoutMs: number;
  /** `HOOK_LEASE_MS`: how long a claimed delivery is held before another process may take it over. */
  hookLeaseMs: number;
  /** `HOOKS_ALLOW_PRIVATE_ADDRESSES=1`: cloud hooks may reach private and loopback addresses (tests, private clouds). */
  hooksAllowPrivateAddresses: boolean;
};

export const defaultReleaseInfoUrl = 'https://releases.gatehouse.dev/latest.json';
export const defaultBreachedPasswordsUrl = 'https://api.pwnedpasswords.com/range';

const parseBreachedPasswordsUrl = (value: string | undefined) => {
  if (value === undefined || value === '') return defaultBreachedPasswordsUrl;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') throw new Error(`BREACHED_PASSWORDS_URL must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
};

const parsePort = (value: string | undefined) => {
  if (value === undefined || value === '') return 3001;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got "${value}"`);
  return port;
};

const parseEdition = (value: string | undefined): Edition => {
  if (value === undefined || value === '') return 'cloud';
  const edition = editions.find((candidate) => candidate === value);
  if (!edition) throw new Error(`EDITION must be one of ${editions.join(', ')}, got "${value}"`);
  return edition;
};

export const maxCheckoutCompletionDelayMs = 10 * 60 * 1000;

const parseDelay = (value: string | undefined) => {
  if (value === undefined || value === '') return undefined;
  const delay = Number(value);
  if (!Number.isInteger(delay) || delay < 0 || delay > maxCheckoutCompletionDelayMs) {
    throw new Error(`CHECKOUT_COMPLETION_DELAY_MS must be a whole number of milliseconds from 0 to ${maxCheckoutCompletionDelayMs}, got "${value}"`);
  }
  return delay;
};

const defaultTenantPoolSize = 500;

const parsePoolSize = (value: string | undefined) => {
  if (value === undefined || value === '') return defaultTenantPoolSize;
  const size = Number(value);
  if (!/^\d+$/.test(value) || size < 1) throw new Error(`TENANT_POOL_SIZE must be a whole number of at least 1, got "${value}"`);
  return size;
};

const parseRetentionDays = (value: string | undefined) => {
  if (value === undefined || value === '') return undefined;
  const days = Number(value);
  if (!/^\d+$/.test(value) || days < 1) throw new Error(`AUDIT_LOG_RETENTION_DAYS must be a whole number of days of at least 1, got "${value}"`);
  return days;
};

/** Mail that only the dev mailbox would hold must not go unnoticed on a public server. */
const checkMailDelivery = (publicUrl: URL, smtpUrl: string | undefined, devMailbox: boolean) => {
  if (smtpUrl || devMailbox || isLoopbackHost(publicUrl.hostname)) return;
  throw new Error(
    `PUBLIC_URL ${publicUrl.origin} is not a loopback address and SMTP_URL is not set, so mail would only reach the dev mailbox: set SMTP_URL, or DEV_MAILBOX=1 to use the dev mailbox anyway`,
  );
};

const parseSwitch = (name: string, value: string | undefined) => {
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new Error(`${name} must be 1 or 0, got "${value}"`);
};

/** The server speaks plain HTTP: an https PUBLIC_URL means a TLS proxy in front, whose word on the scheme must count. */
const checkTls = (publicUrl: URL, trustProxy: boolean) => {
  if (publicUrl.protocol !== 'https:' || trustProxy) return;
  throw new Error(
    `PUBLIC_URL ${publicUrl.origin} is https but this server speaks plain HTTP: run it behind a TLS proxy that sends X-Forwarded-Proto and set TRUST_PROXY=1`,
  );
};

/** Reads the server's settings from the environment (see the README's table). */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => {
  const port = parsePort(env.PORT);
  const publicUrl = new URL(env.PUBLIC_URL || `http://localhost:${port}`);
  const smtpUrl = env.SMTP_URL || undefined;
  const devMailbox = parseSwitch('DEV_MAILBOX', env.DEV_MAILBOX);
  checkMailDelivery(publicUrl, smtpUrl, devMailbox);
  const trustProxy = parseSwitch('TRUST_PROXY', env.TRUST_PROXY);
  checkTls(publicUrl, trustProxy);
  return {
    port,
    publicUrl: publicUrl.origin,
    edition: parseEdition(env.EDITION),
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: env.PGLITE_DIR || path.resolve('.data'),
    releaseInfoUrl: env.RELEASE_INFO_URL || defaultReleaseInfoUrl,
    breachedPasswordsUrl: parseBreachedPasswordsUrl(env.BREACHED_PASSWORDS_URL),
    debug: Boolean(env.DEBUG && /^(1|true|oidc.*)$/i.test(env.DEBUG)),
    isDevMode: env.NODE_ENV === 'development',
    consoleDir: path.resolve(env.CONSOLE_DIR || 'dist/console'),
    smtpUrl,
    devMailbox,
    mailFrom: env.MAIL_FROM || `${productName} <no-reply@${publicUrl.hostname}>`,
    trustProxy,
    checkoutCompletionDelayMs: parseDelay(env.CHECKOUT_COMPLETION_DELAY_MS),
    tenantPoolSize: parsePoolSize(env.TENANT_POOL_SIZE),
    auditLogRetentionDays: parseRetentionDays(env.AUDIT_LOG_RETENTION_DAYS),
    secretsKey: parseSecretsKey(env.SECRETS_KEY),
    ...parseHookEnv(env),
  };
};

/** loadConfig for the entry points: a bad setting is one line on stderr and exit code 1, not a stack trace. */
export const loadConfigOrExit = (env: NodeJS.ProcessEnv = process.env): ServerConfig => {
  try {
    return loadConfig(env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
};
