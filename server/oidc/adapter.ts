import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { hasControlText } from '../api/input-guard.ts';
import type { Db } from '../db/client.ts';
import { oidcModels } from '../db/schema.ts';

/**
 * How long the console's own issuer keeps a rotated refresh token usable, counted from its first use: the console's
 * parallel token requests (one per resource, all with the same refresh token) do not trip reuse detection. Any later
 * reuse revokes the whole grant. Tenant issuers keep none (RFC 9700 §4.14.2): a used refresh token is refused at once.
 */
export const consoleRefreshTokenGraceSeconds = 10;

const withinGrace = (model: string, payload: AdapterPayload, graceSeconds: number) =>
  graceSeconds > 0 && model === 'RefreshToken' && typeof payload.consumed === 'number' && Date.now() / 1000 - payload.consumed < graceSeconds;

const notExpired = () => or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, new Date()));

/** Reads a client's metadata from where the issuer keeps its clients (a tenant's applications), each time it is asked. */
export type FindClient = (id: string) => Promise<AdapterPayload | undefined>;

type AdapterOptions = {
  /** The Client model reads from it instead of the table. */
  findClient?: FindClient;
  /** How long a consumed refresh token still counts as unused, from its first use (none by default). */
  refreshTokenGraceSeconds?: number;
};

/**
 * oidc-provider storage in one table keyed by issuer (`tenantId`), model and id, so every process on the database sees
 * the same state and no issuer reads another's rows.
 */
export const createAdapterFactory = (db: Db, tenantId: string, { findClient, refreshTokenGraceSeconds = 0 }: AdapterOptions = {}) =>
  class DatabaseAdapter implements Adapter {
    readonly model: string;
    private readonly ofIssuer = eq(oidcModels.tenantId, tenantId);

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      // Request parameters (state, nonce, login_hint…) are stored in the payload; PostgreSQL would refuse NUL in them.
      if (hasControlText(payload)) throw new errors.InvalidRequest('request parameters must not contain control characters');
      const row = {
        payload: payload as Record<string, unknown>,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
      };
      await db
        .insert(oidcModels)
        .values({ tenantId, model: this.model, id, ...row })
        .onConflictDoUpdate({ target: [oidcModels.tenantId, oidcModels.model, oidcModels.id], set: row });
    }

    private async findWhere(value: string, condition: ReturnType<typeof eq>) {
      // An id, uid or user code from a request: one with control characters was never stored.
      if (hasControlText(value)) return undefined;
      const [row] = await db
        .select({ payload: oidcModels.payload })
        .from(oidcModels)
        .where(and(this.ofIssuer, eq(oidcModels.model, this.model), condition, notExpired()))
        .limit(1);
      const payload = row?.payload as AdapterPayload | undefined;
      if (payload && withinGrace(this.model, payload, refreshTokenGraceSeconds)) {
        const { consumed: _consumed, ...unconsumed } = payload;
        return unconsumed;
      }
      return payload;
    }

    find(id: string) {
      if (this.model === 'Client' && findClient) return hasControlText(id) ? Promise.resolve(undefined) : findClient(id);
      return this.findWhere(id, eq(oidcModels.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(uid, eq(oidcModels.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(userCode, eq(oidcModels.userCode, userCode));
    }

    /** Marks the first use only: a reuse within the grace period does not move its start. */
    async consume(id: string) {
      const firstUse = sql`coalesce(${oidcModels.payload}->'consumed', to_jsonb(floor(extract(epoch from now()))::bigint))`;
      await db
        .update(oidcModels)
        .set({ payload: sql`jsonb_set(${oidcModels.payload}, '{consumed}', ${firstUse})` })
        .where(and(this.ofIssuer, eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async destroy(id: string) {
      await db.delete(oidcModels).where(and(this.ofIssuer, eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async revokeByGrantId(grantId: string) {
      await db.delete(oidcModels).where(and(this.ofIssuer, eq(oidcModels.grantId, grantId)));
    }
  };
