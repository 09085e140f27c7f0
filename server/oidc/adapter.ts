import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { hasControlText } from '../api/input-guard.ts';
import type { Db } from '../db/client.ts';
import { oidcModels } from '../db/schema.ts';

/**
 * A rotated refresh token stays usable this long, so the console's parallel token requests (one per resource, all
 * with the same refresh token) do not trip reuse detection. Later reuse revokes the whole grant, as before.
 */
export const refreshTokenReuseSeconds = 10;

const withinReuseInterval = (model: string, payload: AdapterPayload) =>
  model === 'RefreshToken' &&
  typeof payload.consumed === 'number' &&
  Date.now() / 1000 - payload.consumed < refreshTokenReuseSeconds;

const notExpired = () => or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, new Date()));

/** Reads a client's metadata from where the issuer keeps its clients (a tenant's applications), each time it is asked. */
export type FindClient = (id: string) => Promise<AdapterPayload | undefined>;

/**
 * oidc-provider storage in one table keyed by issuer (`tenantId`), model and id, so every process on the database sees
 * the same state and no issuer reads another's rows. With `findClient`, the Client model reads from it instead.
 */
export const createAdapterFactory = (db: Db, tenantId: string, findClient?: FindClient) =>
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
      if (payload && withinReuseInterval(this.model, payload)) {
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

    async consume(id: string) {
      await db
        .update(oidcModels)
        .set({ payload: sql`jsonb_set(${oidcModels.payload}, '{consumed}', to_jsonb(extract(epoch from now())::bigint))` })
        .where(and(this.ofIssuer, eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async destroy(id: string) {
      await db.delete(oidcModels).where(and(this.ofIssuer, eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async revokeByGrantId(grantId: string) {
      await db.delete(oidcModels).where(and(this.ofIssuer, eq(oidcModels.grantId, grantId)));
    }
  };
