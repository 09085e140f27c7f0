import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import {
  applicationGuard,
  applicationRoleIdsGuard,
  applicationSecretGuard,
  createApplicationGuard,
  createApplicationSecretGuard,
  createdApplicationGuard,
  createdApplicationSecretGuard,
  defaultSecretName,
  patchApplicationGuard,
  patchApplicationSecretGuard,
} from '#schemas/application.ts';
import { applicationSignInExperienceGuard } from '#schemas/application-branding.ts';
import { linkChangesGuard } from '#schemas/link.ts';
import { roleListItemGuard } from '#schemas/role.ts';
import { invalidInput } from '#server/api/errors.ts';
import { applicationListFilters, applicationTypesQueryGuard } from '#schemas/list-search/applications.ts';
import { routerOf, type RouteInput } from '#server/api/route.ts';
import type { Db } from '#server/db/client.ts';
import * as domain from '#server/tenant/applications/domain.ts';
import * as store from '#server/tenant/applications/store.ts';
import { found } from '#server/tenant/refusals.ts';
import { machineToMachineRoleIdsOf } from '#server/tenant/roles/domain.ts';
import * as roleStore from '#server/tenant/roles/store.ts';
import { aboutApplication as about, changesOf, creationOf, deletionOf } from '../audit.ts';
import { sendPage, type ManagementEnv, type ManagementKit } from '../kit.ts';
import { answer } from './application-errors.ts';

/** The `types` filter: comma-separated, repeated, or both. */
const readTypes = (c: Context) => {
  const parsed = z.safeParse(applicationTypesQueryGuard, { types: (c.req.queries('types') ?? []).flatMap((value) => value.split(',')).filter(Boolean) });
  if (!parsed.success) throw invalidInput('The request query is invalid.', parsed.error);
  return parsed.data.types;
};

type RolesInput = RouteInput<'/applications/:id/roles', { body: typeof applicationRoleIdsGuard }>;

const notFoundError = ['entity.not_exists_with_id'] as const;
const secretErrors = [...notFoundError, 'application.secrets_not_supported'] as const;
const roleErrors = [...notFoundError, 'application.invalid_type'] as const;

/** Applications, their secrets and their roles (spec 02 §2, applications.md §9). */
export const applicationRoutes = (db: Db, { access, withTenantWrite }: ManagementKit) => {
  const app = new Hono<ManagementEnv>();
  const routes = routerOf(app, access);

  routes.get('/applications', {
    scope: 'read:data',
    summary: 'List applications, the newest first; filters: types (comma-separated or repeated), isThirdParty, excludeRoleId.',
    query: applicationListFilters,
    response: applicationGuard,
    list: true,
  }, async (c, { query: { filters, ...page } }) => {
    const isThirdParty = filters.isThirdParty === undefined ? undefined : filters.isThirdParty === 'true';
    return sendPage(c, await store.listApplications(db, c.var.tenant.id, page, { ...filters, isThirdParty, types: readTypes(c) }));
  });

  routes.post('/applications', {
    scope: 'write:data',
    summary: 'Create an application; a traditional or machine-to-machine app comes with its "Default secret", whose value this answer alone shows.',
    body: createApplicationGuard,
    response: createdApplicationGuard,
    status: 201,
    errors: ['application.invalid_third_party_application_type', 'subscription.quota_exceeded'],
  }, async (c, { body: input }) => {
    answer(domain.thirdPartyFits(input));
    answer(domain.metadataFits(input.type, input));
    const created = await withTenantWrite(c, async ({ tx, tenant, checkQuota, log }) => {
      await checkQuota('applicationsLimit');
      if (input.type === 'MachineToMachine') await checkQuota('machineToMachineLimit');
      if (input.isThirdParty) await checkQuota('thirdPartyApplicationsLimit');
      const application = await store.insertApplication(tx, tenant.id, input);
      const secrets = domain.hasSecrets(input.type) ? [await store.insertSecret(tx, tenant.id, application.id, { name: defaultSecretName })] : [];
      // The secrets' names only: their values are shown once, in this answer.
      const secretNames = secrets.map((secret) => secret.name);
      await log({ key: 'Management.Application.Created', ...about(application.id), changes: creationOf({ ...application, secretNames: secretNames.length > 0 ? secretNames : null }) });
      return { ...application, secrets };
    });
    return c.json(created, 201);
  });

  routes.get('/applications/:id', { scope: 'read:data', summary: 'Get an application.', response: applicationGuard, errors: notFoundError }, async (c, { params }) => c.json(answer(await domain.applicationOf(db, c.var.tenant.id, params.id))));

  routes.patch('/applications/:id', {
    scope: 'write:data',
    summary: 'Update an application; its JSON settings are replaced whole. oidcClientMetadata.idTokenSignedResponseAlg signs its ID tokens (ES256 unless RS256); a Native or SPA app always needs PKCE, a Traditional one unless customClientMetadata.requirePkce is false.',
    body: patchApplicationGuard,
    response: applicationGuard,
    errors: notFoundError,
  }, async (c, { body: patch, params: { id } }) => {
    const updated = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const before = answer(await domain.applicationOf(tx, tenant.id, id));
      answer(domain.metadataFits(before.type, patch));
      const after = (await store.updateApplication(tx, tenant.id, id, patch))!;
      await log({ key: 'Management.Application.Updated', ...about(id), changes: changesOf(before, after) });
      return after;
    });
    return c.json(updated);
  });

  routes.delete('/applications/:id', { scope: 'delete:data', summary: 'Delete an application with its secrets and roles; its grants and tokens end.', errors: notFoundError }, async (c, { params: { id } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const application = answer(await domain.applicationOf(tx, tenant.id, id));
      await store.deleteApplication(tx, tenant.id, id);
      await log({ key: 'Management.Application.Deleted', ...about(id), changes: deletionOf(application) });
    });
    return c.body(null, 204);
  });

  routes.get('/applications/:id/secrets', {
    scope: 'read:data',
    summary: "List an application's secrets, without their values.",
    response: applicationSecretGuard,
    list: true,
    errors: secretErrors,
  }, async (c, { params, query }) => {
    const application = answer(await domain.applicationOf(db, c.var.tenant.id, params.id, { has: 'secrets' }));
    return sendPage(c, await store.listSecrets(db, c.var.tenant.id, application.id, query));
  });

  routes.post('/applications/:id/secrets', {
    scope: 'write:data',
    summary: 'Create a secret of an application; this answer alone shows its value.',
    body: createApplicationSecretGuard,
    response: createdApplicationSecretGuard,
    status: 201,
    errors: [...notFoundError, 'application.secrets_not_supported', 'application.secret_name_exists'],
  }, async (c, { params, body: { name, expiresAt } }) => {
    const expiry = answer(domain.secretExpiryOf(expiresAt));
    const id = params.id;
    const secret = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      answer(await domain.applicationOf(tx, tenant.id, id, { has: 'secrets' }));
      const created = answer(await domain.createSecret(tx, tenant.id, id, { name, expiresAt: expiry }));
      await log({ key: 'Management.Application.SecretRotated', ...about(id), secret: { action: 'Created', name, expiresAt: created.expiresAt } });
      return created;
    });
    return c.json(secret, 201);
  });

  routes.patch('/applications/:id/secrets/:name', {
    scope: 'write:data',
    summary: 'Rename a secret of an application.',
    body: patchApplicationSecretGuard,
    response: applicationSecretGuard,
    errors: [...notFoundError, 'application.secrets_not_supported', 'application.secret_name_exists'],
  }, async (c, { body: { name: newName }, params: { id, name } }) => {
    const renamed = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      answer(await domain.applicationOf(tx, tenant.id, id, { has: 'secrets' }));
      const secret = answer(await domain.renameSecret(tx, tenant.id, id, name, newName));
      await log({ key: 'Management.Application.SecretRotated', ...about(id), secret: { action: 'Renamed', name: newName }, changes: { name: { from: name, to: newName } } });
      return secret;
    });
    return c.json(renamed);
  });

  routes.delete('/applications/:id/secrets/:name', { scope: 'delete:data', summary: 'Delete a secret of an application.', errors: secretErrors }, async (c, { params: { id, name } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      answer(await domain.applicationOf(tx, tenant.id, id, { has: 'secrets' }));
      answer(found(await store.deleteSecret(tx, tenant.id, id, name), name));
      await log({ key: 'Management.Application.SecretRotated', ...about(id), secret: { action: 'Deleted', name } });
    });
    return c.body(null, 204);
  });

  routes.get('/applications/:id/roles', {
    scope: 'read:data',
    summary: 'List the roles of a machine-to-machine application, by name.',
    response: roleListItemGuard,
    list: true,
    errors: roleErrors,
  }, async (c, { params, query }) => {
    const application = answer(await domain.applicationOf(db, c.var.tenant.id, params.id, { has: 'roles' }));
    return sendPage(c, await roleStore.listRoles(db, c.var.tenant.id, query, { applicationId: application.id }));
  });

  /** POST adds roles; PUT makes them the app's only ones. */
  const linkRoles = (replace: boolean) => async (c: Context<ManagementEnv>, { body: { roleIds }, params: { id } }: RolesInput) => {
    const changes = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      answer(await domain.applicationOf(tx, tenant.id, id, { has: 'roles' }));
      const ids = answer(await machineToMachineRoleIdsOf(tx, tenant.id, roleIds));
      const removed = replace ? await roleStore.unlinkApplicationRolesBut(tx, tenant.id, id, ids) : undefined;
      const added = (await roleStore.linkApplicationsRoles(tx, tenant.id, ids.map((roleId) => ({ applicationId: id, roleId })))).map((link) => link.roleId);
      const linked = { added, ...(removed ? { removed } : {}) };
      if (added.length > 0 || (removed?.length ?? 0) > 0) await log({ key: 'Management.Application.Updated', ...about(id), roles: linked });
      return linked;
    });
    return c.json(changes, replace ? 200 : 201);
  };
  routes.post('/applications/:id/roles', {
    scope: 'write:data',
    summary: 'Give a machine-to-machine application machine-to-machine roles; the roles it holds are skipped.',
    body: applicationRoleIdsGuard,
    response: linkChangesGuard,
    status: 201,
    errors: [...notFoundError, 'application.invalid_type', 'application.invalid_role_type'],
  }, linkRoles(false));
  routes.put('/applications/:id/roles', {
    scope: 'write:data',
    summary: 'Replace the roles of a machine-to-machine application.',
    body: applicationRoleIdsGuard,
    response: linkChangesGuard,
    errors: [...notFoundError, 'application.invalid_type', 'application.invalid_role_type'],
  }, linkRoles(true));

  routes.delete('/applications/:id/roles/:roleId', { scope: 'delete:data', summary: 'Take a role from a machine-to-machine application.', errors: roleErrors }, async (c, { params: { id, roleId } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      answer(await domain.applicationOf(tx, tenant.id, id, { has: 'roles' }));
      answer(found(await roleStore.unlinkApplicationRole(tx, tenant.id, id, roleId), roleId));
      await log({ key: 'Management.Application.Updated', ...about(id), roles: { removed: [roleId] } });
    });
    return c.body(null, 204);
  });

  routes.get('/applications/:id/sign-in-experience', {
    scope: 'read:data',
    summary: "Get an application's own sign-in experience: the colours, logos, name and links its sign-in pages show.",
    response: applicationSignInExperienceGuard,
    errors: ['entity.not_exists_with_id', 'application.sign_in_experience_not_found'],
  }, async (c, { params }) => {
    const application = answer(await domain.applicationOf(db, c.var.tenant.id, params.id));
    return c.json(answer(await domain.signInExperienceOf(db, c.var.tenant.id, application.id)));
  });

  routes.put('/applications/:id/sign-in-experience', {
    scope: 'write:data',
    summary: "Set an application's own sign-in experience, whole.",
    body: applicationSignInExperienceGuard,
    response: applicationSignInExperienceGuard,
    errors: notFoundError,
  }, async (c, { body: experience, params: { id } }) => {
    const saved = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      answer(await domain.applicationOf(tx, tenant.id, id));
      const before = await store.findSignInExperience(tx, tenant.id, id);
      const after = await store.upsertSignInExperience(tx, tenant.id, id, experience);
      await log({ key: 'Management.Application.Updated', ...about(id), changes: changesOf({ signInExperience: before ?? null }, { signInExperience: after }) });
      return after;
    });
    return c.json(saved);
  });

  return app;
};
