import { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  cookieKeyGuard,
  defaultSigningKeyAlgorithm,
  jwsAlgorithmOf,
  privateKeyGuard,
  rotateCookieKeysGuard,
  rotatePrivateKeysGuard,
  type OidcKeyType,
} from '#schemas/signing-keys.ts';
import { assertScope } from '#server/api/auth.ts';
import { answering, HttpError, type RefusalMessages } from '#server/api/errors.ts';
import { routerOf } from '#server/api/route.ts';
import type { Db } from '#server/db/client.ts';
import { newCookieKey, newSigningKey } from '#server/tenant-runtime/keys.ts';
import * as domain from '#server/tenant/signing-keys/domain.ts';
import type { ManagementEnv, ManagementKit } from '../kit.ts';

const messages: RefusalMessages<domain.SigningKeyRefusal> = {
  'oidc.invalid_request': ({ message }) => message,
  'oidc.key_not_found': ({ id }) => `The key ${id} does not exist.`,
  'oidc.key_required': 'At least one key is required: this is the only one of its kind.',
  'oidc.only_previous_key_can_be_deleted': 'Only a previous key can be deleted.',
};
const answer = answering(messages);

/**
 * Spec 02 §6 gives collaborators write:data and delete:data, but signing-keys.md §3 keeps the keys read-only for them
 * (scenario D): a console member also needs the tenant admin's manage:tenant to rotate or delete. Apps and the
 * self-hosted management token hold no member scopes (read:member), and need only the route's scope.
 */
const assertKeyAdmin = (scopes: ReadonlySet<string>) => {
  if (scopes.has('read:member')) assertScope({ userId: '', grantId: '', scopes: new Set(scopes) }, 'manage:tenant');
};

const keyLog = { 'private-keys': 'SigningKey', 'cookie-keys': 'CookieKey' } as const;

/**
 * The tenant issuer's private (signing) and cookie keys (signing-keys.md §3, Logto's shapes): listed without their
 * values, rotated, and deleted once previous. Every process switches at once (tenant-runtime/pool.ts); every rotation
 * and deletion is in the audit log, with no key material.
 */
export const signingKeyRoutes = (db: Db, { access, withTenantWrite }: ManagementKit) => {
  const app = new Hono<ManagementEnv>();
  const routes = routerOf(app, access);

  routes.get('/configs/oidc/private-keys', {
    scope: 'read:data',
    summary: 'List the private keys of the tenant issuer (never their values).',
    response: z.array(privateKeyGuard),
  }, async (c) => c.json(await domain.listPrivateKeys(db, c.var.tenant.id)));

  routes.get('/configs/oidc/cookie-keys', {
    scope: 'read:data',
    summary: 'List the cookie keys of the tenant issuer, the one that signs first (never their values).',
    response: z.array(cookieKeyGuard),
  }, async (c) => c.json(await domain.listCookieKeys(db, c.var.tenant.id)));

  routes.post('/configs/oidc/private-keys/rotate', {
    scope: 'write:data',
    summary: 'Rotate the private key of an algorithm: at once, or after a grace period (staged: the new key is Next until then).',
    body: rotatePrivateKeysGuard,
    response: z.array(privateKeyGuard),
    errors: ['auth.insufficient_scope', 'oidc.invalid_request'],
  }, async (c, { body: { signingKeyAlgorithm = defaultSigningKeyAlgorithm, rotationGracePeriod = 0 } }) => {
    assertKeyAdmin(c.var.scopes);
    const made = await newSigningKey(jwsAlgorithmOf[signingKeyAlgorithm]);
    const listed = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const { keys } = answer(await domain.rotatePrivateKeys(tx, tenant.id, made, rotationGracePeriod));
      await log({ key: 'Management.SigningKey.Rotated', targetId: made.id, signingKeyAlgorithm, rotationGracePeriod });
      return keys;
    });
    return c.json(listed);
  });

  routes.post('/configs/oidc/cookie-keys/rotate', {
    scope: 'write:data',
    summary: 'Rotate the cookie keys: a new key signs new cookies, the previous one still verifies.',
    body: rotateCookieKeysGuard,
    response: z.array(cookieKeyGuard),
    errors: ['auth.insufficient_scope', 'oidc.invalid_request'],
  }, async (c, { body }) => {
    assertKeyAdmin(c.var.scopes);
    if (body.rotationGracePeriod !== undefined) throw new HttpError('oidc.invalid_request', 'Cookie keys rotate at once: no grace period.');
    const made = newCookieKey();
    const listed = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const keys = await domain.rotateCookieKeys(tx, tenant.id, made);
      await log({ key: 'Management.CookieKey.Rotated', targetId: made.id });
      return keys;
    });
    return c.json(listed);
  });

  for (const type of ['private-keys', 'cookie-keys'] as const satisfies readonly OidcKeyType[]) {
    routes.delete(`/configs/oidc/${type}/:keyId`, {
      scope: 'delete:data',
      summary: `Delete a previous ${type === 'private-keys' ? 'private' : 'cookie'} key: what it signed no longer verifies.`,
      errors: ['auth.insufficient_scope', 'oidc.key_not_found', 'oidc.key_required', 'oidc.only_previous_key_can_be_deleted'],
    }, async (c, { params: { keyId } }) => {
      assertKeyAdmin(c.var.scopes);
      await withTenantWrite(c, async ({ tx, tenant, log }) => {
        const deleted = answer(await domain.deleteKey(tx, tenant.id, type, keyId));
        const algorithm = 'signingKeyAlgorithm' in deleted ? { signingKeyAlgorithm: deleted.signingKeyAlgorithm } : {};
        await log({ key: `Management.${keyLog[type]}.Deleted`, targetId: keyId, ...algorithm });
      });
      return c.body(null, 204);
    });
  }
  return app;
};
