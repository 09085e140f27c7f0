import { Hono } from 'hono';
import { addUserConsentScopesGuard, userConsentScopesGuard } from '#schemas/user-consent.ts';
import { answering } from '#server/api/errors.ts';
import { routerOf } from '#server/api/route.ts';
import type { Db } from '#server/db/client.ts';
import * as domain from '#server/tenant/consent/domain.ts';
import * as store from '#server/tenant/consent/store.ts';
import { found } from '#server/tenant/refusals.ts';
import { aboutApplication as about } from '../audit.ts';
import { notExistsMessage } from '../errors.ts';
import type { ManagementEnv, ManagementKit } from '../kit.ts';

const answer = answering<domain.ConsentRefusal>({
  'entity.not_exists_with_id': notExistsMessage,
  'application.third_party_only': 'Only third-party applications ask users for consent.',
  'application.management_api_scope': 'A permission of the management API cannot be enabled for a third-party application.',
});

const errors = ['entity.not_exists_with_id', 'application.third_party_only'] as const;

/** What a third-party application may ask users to consent to (applications.md §7, §9); organizations come later. */
export const userConsentRoutes = (db: Db, { access, withTenantWrite }: ManagementKit) => {
  const app = new Hono<ManagementEnv>();
  const routes = routerOf(app, access);

  routes.get('/applications/:id/user-consent-scopes', {
    scope: 'read:data',
    summary: 'Get the user scopes and API permissions a third-party application may ask users to consent to, by resource.',
    response: userConsentScopesGuard,
    errors,
  }, async (c, { params }) => {
    const application = answer(await domain.thirdPartyApplicationOf(db, c.var.tenant.id, params.id));
    return c.json(await store.findUserConsentScopes(db, c.var.tenant.id, application.id));
  });

  routes.post('/applications/:id/user-consent-scopes', {
    scope: 'write:data',
    summary: 'Enable user scopes and API permissions (ids) for a third-party application; those enabled already are kept.',
    body: addUserConsentScopesGuard,
    status: 201,
    errors: [...errors, 'application.management_api_scope'],
  }, async (c, { body: { userScopes = [], resourceScopes = [] }, params: { id } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      answer(await domain.thirdPartyApplicationOf(tx, tenant.id, id));
      const added = { userScopes: [...new Set(userScopes)], resourceScopes: answer(await domain.consentScopeIdsOf(tx, tenant.id, resourceScopes)) };
      await store.linkUserConsentScopes(tx, tenant.id, id, added.userScopes, added.resourceScopes);
      await log({ key: 'Management.Application.Updated', ...about(id), userConsentScopes: { added } });
    });
    return c.body(null, 201);
  });

  routes.delete('/applications/:id/user-consent-scopes/:scopeType/:scopeId', {
    scope: 'delete:data',
    summary:
      'Disable a user scope (user-scopes/{scope}) or an API permission (resource-scopes/{scopeId}) of a third-party application; its users consent again.',
    errors,
  }, async (c, { params: { id, scopeType, scopeId } }) => {
    const unlink = answer(domain.consentScopeTypeOf(scopeType)) === 'user-scopes' ? store.unlinkUserConsentUserScope : store.unlinkUserConsentResourceScope;
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      answer(await domain.thirdPartyApplicationOf(tx, tenant.id, id));
      answer(found(await unlink(tx, tenant.id, id, scopeId), scopeId));
      await store.endUserConsentGrants(tx, tenant.id, id);
      const removed = scopeType === 'user-scopes' ? { userScopes: [scopeId] } : { resourceScopes: [scopeId] };
      await log({ key: 'Management.Application.Updated', ...about(id), userConsentScopes: { removed } });
    });
    return c.body(null, 204);
  });

  return app;
};
