import path from 'node:path';
import { editions, type Edition } from '../schemas/config.ts';
import { productName } from '../schemas/constants.ts';

export type ServerConfig = {
  port: number;
  /** Origin the browser uses, e.g. http://localhost:3001. The issuer is `${publicUrl}/oidc`. */
  publicUrl: string;
  edition: Edition;
  /** node-postgres when set, PGlite otherwise. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` keeps everything in memory (tests). */
  pgliteDir: string;
  releaseInfoUrl: string;
  /** Print oidc-provider's error details (`DEBUG=oidc` or `DEBUG=1`). */
  debug: boolean;
  isDevMode: boolean;
  consoleDir: string;
  /** Mail goes out over SMTP when set (`smtp://user:pass@host:587`, `smtps://…`); otherwise into the dev mailbox. */
  smtpUrl?: string;
  /** Sender of the server's mail. */
  mailFrom: string;
  /** Fixed delay before a paid checkout completes; unset, 1 to 3 s at random (as a provider's webhook). */
  checkoutCompletionDelayMs?: number;
};

export const defaultReleaseInfoUrl = 'https://releases.gatehouse.dev/latest.json';

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

/** Reads the server's settings from the environment (see the README's table). */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => {
  const port = parsePort(env.PORT);
  const publicUrl = new URL(env.PUBLIC_URL || `http://localhost:${port}`);
  return {
    port,
    publicUrl: publicUrl.origin,
    edition: parseEdition(env.EDITION),
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: env.PGLITE_DIR || path.resolve('.data'),
    releaseInfoUrl: env.RELEASE_INFO_URL || defaultReleaseInfoUrl,
    debug: Boolean(env.DEBUG && /^(1|true|oidc.*)$/i.test(env.DEBUG)),
    isDevMode: env.NODE_ENV === 'development',
    consoleDir: path.resolve(env.CONSOLE_DIR || 'dist/console'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `${productName} <no-reply@${publicUrl.hostname}>`,
    checkoutCompletionDelayMs: parseDelay(env.CHECKOUT_COMPLETION_DELAY_MS),
  };
};
