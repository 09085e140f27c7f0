import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLocalJWKSet, type JWTVerifyGetKey } from 'jose';
import type Provider from 'oidc-provider';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { publicJwks } from '../oidc/keys.ts';
import { createTenantIssuer } from './issuer.ts';
import { loadTenantKeys, tenantChannel } from './keys.ts';
import { Lru } from './lru.ts';
import { findRuntimeTenant } from './store.ts';
import type { UsageCounter } from './usage.ts';
import type { KeyUsageCounter } from './key-usage.ts';

/** A tenant's issuer as cached in one process: nothing here is state, all of it can be rebuilt from the database. */
export type TenantRuntime = {
  tenantId: string;
  issuer: string;
  provider: Provider;
  callback: (req: IncomingMessage, res: ServerResponse) => void;
  /** The tenant's public signing keys, to verify the tokens its issuer signed. */
  jwks: JWTVerifyGetKey;
  version: number;
  isSuspended: boolean;
  /** When the version was last compared with the database's. */
  checkedAt: number;
  /** When a `next` key becomes current (epoch ms): the entry is rebuilt then, which promotes it (keys.ts). */
  rebuildAt: number | undefined;
};

/** An entry older than this compares its version with the database's before use, in case a notification was missed. */
export const recheckAfterMs = 30_000;
/** An unknown tenant id is answered from memory for this long (against id spraying), for at most `unknownIdsMax` ids. */
export const unknownTenantMs = 30_000;
const unknownIdsMax = 1000;
const tenantIdPattern = /^[a-z0-9_-]{1,64}$/i;

type PoolOptions = { config: ServerConfig; database: Database; usage: UsageCounter; keyUsage: KeyUsageCounter; size: number };

/**
 * One oidc-provider per tenant, built on first use and kept in an LRU of `size` (tenant-runtime.md §2). The values are
 * promises, so concurrent first requests build once; a failed build is dropped. A change to a tenant's keys or fixed
 * settings bumps `tenants.runtime_version` and notifies every process (NOTIFY on PostgreSQL, in-process on PGlite),
 * which drops its entry; an entry older than 30 s also compares its version before use. An entry is also rebuilt when a
 * `next` key of the tenant becomes current: by time, with no request to the management API.
 */
export const createTenantPool = async ({ config, database, usage, keyUsage, size }: PoolOptions) => {
  const { db } = database;
  const entries = new Lru<string, Promise<TenantRuntime | undefined>>(size);
  const unknownUntil = new Lru<string, number>(unknownIdsMax);

  const build = async (tenantId: string): Promise<TenantRuntime | undefined> => {
    const tenant = await findRuntimeTenant(db, tenantId);
    if (!tenant) return undefined;
    const keys = await loadTenantKeys(db, tenantId);
    const runtime: Partial<TenantRuntime> = {
      tenantId,
      version: tenant.runtimeVersion,
      isSuspended: tenant.isSuspended,
      checkedAt: Date.now(),
      rebuildAt: keys.rebuildAt,
    };
    const { provider, issuer } = createTenantIssuer({
      config,
      db,
      tenantId,
      keys,
      usage,
      keyUsage,
      state: { isSuspended: () => runtime.isSuspended ?? false },
    });
    return Object.assign(runtime, { provider, issuer, callback: provider.callback(), jwks: createLocalJWKSet(publicJwks(keys)) }) as TenantRuntime;
  };

  const drop = (tenantId: string, entry: Promise<TenantRuntime | undefined>) => {
    if (entries.get(tenantId) === entry) entries.delete(tenantId);
  };

  const load = (tenantId: string) => {
    const entry = build(tenantId);
    entries.set(tenantId, entry);
    entry.then(
      (runtime) => {
        if (runtime) return;
        drop(tenantId, entry);
        unknownUntil.set(tenantId, Date.now() + unknownTenantMs);
      },
      () => drop(tenantId, entry),
    );
    return entry;
  };

  /** Compares the cached version with the database's; answers whether the entry is still good. */
  const recheck = async (runtime: TenantRuntime) => {
    runtime.checkedAt = Date.now();
    const tenant = await findRuntimeTenant(db, runtime.tenantId);
    if (tenant?.runtimeVersion === runtime.version) {
      runtime.isSuspended = tenant.isSuspended;
      return true;
    }
    return false;
  };

  /** The tenant's runtime, or undefined when there is no such tenant. */
  const get = async (tenantId: string): Promise<TenantRuntime | undefined> => {
    if (!tenantIdPattern.test(tenantId) || (unknownUntil.get(tenantId) ?? 0) > Date.now()) return undefined;
    const entry = entries.get(tenantId) ?? load(tenantId);
    const runtime = await entry;
    const due = runtime?.rebuildAt !== undefined && runtime.rebuildAt <= Date.now();
    if (!runtime || (!due && (Date.now() - runtime.checkedAt < recheckAfterMs || (await recheck(runtime))))) return runtime;
    drop(tenantId, entry);
    return get(tenantId);
  };

  const stopListening = await database.listen(tenantChannel, (tenantId) => (tenantId ? entries.delete(tenantId) : entries.clear()));

  return { get, size: () => entries.size, close: stopListening };
};

export type TenantPool = Awaited<ReturnType<typeof createTenantPool>>;
