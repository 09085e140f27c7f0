import type { Edition } from '#schemas/config.ts';
import { isLoopbackHost } from '#server/net/loopback.ts';
import { nonPublicReason } from '#server/net/public-address.ts';
import { ok, type Result } from '#server/result.ts';

/** How this server delivers webhooks (README, variables HOOK_*). */
export type HookSettings = {
  edition: Edition;
  publicUrl: string;
  isDevMode: boolean;
  /** `HOOKS_ALLOW_PRIVATE_ADDRESSES=1`: the cloud edition lets hooks reach private and loopback addresses too. */
  allowPrivateAddresses: boolean;
  /** `HOOK_RETRY_DELAYS_MS`: the wait before the 2nd, 3rd and 4th attempt (10 s, 60 s, 10 min), each ±20 %. */
  retryDelaysMs: readonly number[];
  /** `HOOK_TIMEOUT_MS`: how long an attempt waits for the answer (10 s). */
  timeoutMs: number;
  /** `HOOK_LEASE_MS`: how long a claimed delivery is held before another process may take it over (30 s). */
  leaseMs: number;
  /**
   * The dev webhook inbox, when it is served (no SMTP_URL, as the dev mailbox), with the mailbox's token: its URLs on
   * this server are allowed, and the console is offered one per tenant.
   */
  devInbox?: { token: string };
};

export const defaultRetryDelaysMs = [10_000, 60_000, 600_000] as const;
export const defaultHookTimeoutMs = 10_000;
export const defaultHookLeaseMs = 30_000;

export type EndpointRefusal = { reason: 'hook.endpoint_not_allowed'; message: string };
const refused = (message: string) => ({ ok: false, reason: 'hook.endpoint_not_allowed', message }) as const;

/** The dev webhook inbox of this very server. */
export const devInboxPath = '/dev/webhooks/';
const isOwnDevInbox = (settings: HookSettings, url: URL) => settings.devInbox !== undefined && url.origin === settings.publicUrl && url.pathname.startsWith(devInboxPath);

/** Whether a send to `url` must refuse non-public addresses: the cloud edition, unless allowed or this server's inbox. */
export const publicOnlyFor = (settings: HookSettings, url: URL) =>
  settings.edition === 'cloud' && !settings.allowPrivateAddresses && !isOwnDevInbox(settings, url);

/**
 * Whether a hook may send to `url` (webhooks.md §2, §6): https, or http in the self-hosted edition, for localhost in
 * development, or where private addresses are allowed; in the cloud edition, a host that resolves to public addresses
 * only. Checked at save; the send checks the address again when it connects.
 */
export const endpointAllowed = async (settings: HookSettings, value: string): Promise<Result<URL, EndpointRefusal>> => {
  const url = new URL(value);
  const plainHttpAllowed =
    settings.edition === 'self-hosted' || settings.allowPrivateAddresses || isOwnDevInbox(settings, url) || (settings.isDevMode && isLoopbackHost(url.hostname));
  if (url.protocol === 'http:' && !plainHttpAllowed) return refused('The endpoint URL must use https.');
  if (!publicOnlyFor(settings, url)) return ok(url);
  const reason = await nonPublicReason(url);
  return reason ? refused(`The endpoint URL must reach a public address: ${reason}`) : ok(url);
};

/** The wait before attempt `attempt + 1` after attempt `attempt` failed: its delay ±20 %, or the answer's Retry-After. */
export const retryDelayMs = (settings: Pick<HookSettings, 'retryDelaysMs'>, attempt: number, retryAfterMs?: number, random = Math.random) => {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const delays = settings.retryDelaysMs;
  const base = delays[Math.min(attempt, delays.length) - 1] ?? 0;
  return Math.round(base * (0.8 + 0.4 * random()));
};

const parseWhole = (name: string, value: string | undefined, fallback: number, min: number) => {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new Error(`${name} must be a whole number of milliseconds of at least ${min}, got "${value}"`);
  return Number(value);
};

/** HOOK_* variables (README), checked: a lease shorter than an attempt could let two processes send one attempt. */
export const parseHookEnv = (env: NodeJS.ProcessEnv) => {
  const delays = env.HOOK_RETRY_DELAYS_MS ? env.HOOK_RETRY_DELAYS_MS.split(',').map((part) => part.trim()) : undefined;
  if (delays && (delays.length !== 3 || delays.some((part) => !/^\d+$/.test(part)))) {
    throw new Error(`HOOK_RETRY_DELAYS_MS must be three whole numbers of milliseconds separated by commas, got "${env.HOOK_RETRY_DELAYS_MS}"`);
  }
  const timeoutMs = parseWhole('HOOK_TIMEOUT_MS', env.HOOK_TIMEOUT_MS, defaultHookTimeoutMs, 100);
  const leaseMs = parseWhole('HOOK_LEASE_MS', env.HOOK_LEASE_MS, defaultHookLeaseMs, 1000);
  if (leaseMs <= timeoutMs) throw new Error(`HOOK_LEASE_MS (${leaseMs}) must be longer than HOOK_TIMEOUT_MS (${timeoutMs})`);
  const allow = env.HOOKS_ALLOW_PRIVATE_ADDRESSES;
  if (allow !== undefined && allow !== '' && allow !== '0' && allow !== '1') throw new Error(`HOOKS_ALLOW_PRIVATE_ADDRESSES must be 1 or 0, got "${allow}"`);
  return {
    hookRetryDelaysMs: delays ? delays.map(Number) : [...defaultRetryDelaysMs],
    hookTimeoutMs: timeoutMs,
    hookLeaseMs: leaseMs,
    hooksAllowPrivateAddresses: allow === '1',
  };
};
