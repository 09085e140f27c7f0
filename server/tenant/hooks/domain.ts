import { defaultHookRetries, type CreateHook, type Hook, type HookEvent, type PatchHook } from '#schemas/webhook.ts';
import type { Db } from '#server/db/client.ts';
import type { StoredHookConfig } from '#server/db/idp.ts';
import { generateId } from '#server/ids.ts';
import { ok, type Result } from '#server/result.ts';
import type { SecretsKey } from '#server/secrets-key.ts';
import { found, type NotExists } from '../refusals.ts';
import { cancelPending } from './delivery-store.ts';
import { endpointAllowed, type EndpointRefusal, type HookSettings } from './settings.ts';
import { newSigningKey, openSigningKey, sealSigningKey } from './signing-key.ts';
import * as store from './store.ts';

/** A hook's rules (webhooks.md §2–§4): at least one event, an allowed endpoint, a sealed signing key. */

export type HookRefusal = NotExists | EndpointRefusal | { reason: 'hook.missing_events' };

const missingEvents = { ok: false, reason: 'hook.missing_events' } as const;

/** The events a body names: `events`, or the legacy single `event`. */
const eventsOf = (events: readonly HookEvent[] | undefined, event: HookEvent | null | undefined) => [...new Set(events ?? (event ? [event] : []))];

const configOf = (config: CreateHook['config']): StoredHookConfig => ({
  url: config.url,
  ...(config.headers && Object.keys(config.headers).length > 0 ? { headers: config.headers } : {}),
  retries: config.retries ?? defaultHookRetries,
});

/** The hook as the API answers it, its key opened (empty when this server cannot open it). */
export const hookResponse = (row: store.HookRow, stats?: Hook['executionStats']): Hook => ({
  id: row.id,
  name: row.name,
  event: row.event ?? null,
  events: row.events,
  config: { url: row.config.url, ...(row.config.headers ? { headers: row.config.headers } : {}), retries: row.config.retries },
  signingKey: openSigningKey(row.tenantId, row.id, row.sealedSigningKey) ?? '',
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  ...(stats ? { executionStats: stats } : {}),
});

/** The endpoint check of a body's URL (DNS included): run before the write's transaction, which it must not hold. */
export const checkEndpoint = async (settings: HookSettings, url: string | undefined): Promise<Result<void, EndpointRefusal>> => {
  if (url === undefined) return ok(undefined);
  const allowed = await endpointAllowed(settings, url);
  return allowed.ok ? ok(undefined) : allowed;
};

export const hookOf = async (db: Db, tenantId: string, id: string) => found(await store.findHook(db, tenantId, id), id);

/** The hook created with a new signing key; the endpoint checked beforehand (checkEndpoint). */
export const createHook = async (tx: Db, tenantId: string, secretsKey: SecretsKey, input: CreateHook): Promise<Result<store.HookRow, HookRefusal>> => {
  const events = eventsOf(input.events, input.event);
  if (events.length === 0) return missingEvents;
  const id = generateId();
  return ok(
    await store.insertHook(tx, tenantId, {
      id,
      name: input.name,
      event: input.events ? null : (input.event ?? null),
      events,
      config: configOf(input.config),
      sealedSigningKey: sealSigningKey(secretsKey, tenantId, id, newSigningKey()),
      enabled: input.enabled ?? true,
    }),
  );
};

/** The hook updated; disabling it cancels its deliveries waiting for an attempt (webhooks.md §6.7). */
export const updateHook = async (tx: Db, tenantId: string, id: string, patch: PatchHook): Promise<Result<{ before: store.HookRow; after: store.HookRow }, HookRefusal>> => {
  const before = await store.findHook(tx, tenantId, id);
  if (!before) return found(before, id) as NotExistsResult;
  const eventsGiven = patch.events !== undefined || patch.event !== undefined;
  const events = eventsGiven ? eventsOf(patch.events, patch.event) : before.events;
  if (events.length === 0) return missingEvents;
  const after = (await store.updateHook(tx, tenantId, id, {
    ...(patch.name === undefined ? {} : { name: patch.name }),
    ...(eventsGiven ? { events, event: patch.events ? null : (patch.event ?? null) } : {}),
    ...(patch.config === undefined ? {} : { config: configOf(patch.config) }),
    ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
  }))!;
  if (before.enabled && !after.enabled) await cancelPending(tx, tenantId, id);
  return ok({ before, after });
};
type NotExistsResult = { ok: false } & NotExists;

/** A new signing key for the hook: signatures made with the old one stop verifying at once. */
export const regenerateSigningKey = async (tx: Db, tenantId: string, secretsKey: SecretsKey, id: string) => {
  const updated = await store.updateHook(tx, tenantId, id, { sealedSigningKey: sealSigningKey(secretsKey, tenantId, id, newSigningKey()) });
  return found(updated, id);
};
