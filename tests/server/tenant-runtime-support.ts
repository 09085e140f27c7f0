import { readSignInExperience, writeSignInExperience } from '#server/tenant/sign-in-experience/store.ts';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { resourceIndicators } from '#schemas/constants.ts';
import type { Db } from '#server/db/client.ts';
import { applicationSecrets, applications, applicationsRoles, resources, roles, rolesScopes, scopes, users, usersRoles } from '#server/db/idp.ts';
import { generateId } from '#server/ids.ts';
import { managementApiScopeId } from '#server/tenant/resources/store.ts';

/** A tenant's data written straight into its idp tables, as the management API would (tenant-runtime tests). */
export const tenantData = (db: Db, tenantId: string) => ({
  /** Registration by username or e-mail, either one, as the tests of the first sign-in pages were written for (a cloud tenant's default is e-mail alone). */
  signUpByUsernameOrEmail: async () => {
    const { settings } = await readSignInExperience(db, tenantId, 'cloud');
    await writeSignInExperience(db, tenantId, { ...settings, signUp: { ...settings.signUp, identifiers: ['username', 'email'] } });
  },
  application: async (type: 'Native' | 'SPA' | 'Traditional' | 'MachineToMachine', extra: Partial<typeof applications.$inferInsert> = {}) => {
    const id = generateId();
    await db.insert(applications).values({ tenantId, id, name: `${type} app`, type, ...extra });
    return id;
  },
  /** A secret of the app, stored hashed; answers its value. */
  secret: async (applicationId: string, expiresAt: Date | null = null) => {
    const value = randomBytes(24).toString('base64url');
    const valueHash = createHash('sha256').update(value).digest('hex');
    await db.insert(applicationSecrets).values({ tenantId, applicationId, name: generateId(), valueHash, valueHint: value.slice(-4), expiresAt });
    return value;
  },
  /** An API resource with the given permissions; answers its id and the permissions' ids by name. */
  resource: async (indicator: string, permissions: string[], accessTokenTtl = 3600) => {
    const id = generateId();
    await db.insert(resources).values({ tenantId, id, name: indicator, indicator, accessTokenTtl });
    const scopeIds = Object.fromEntries(permissions.map((name) => [name, generateId()]));
    if (permissions.length) await db.insert(scopes).values(permissions.map((name) => ({ tenantId, id: scopeIds[name]!, resourceId: id, name })));
    return { id, scopeIds };
  },
  role: async (type: 'User' | 'MachineToMachine', scopeIds: string[]) => {
    const id = generateId();
    await db.insert(roles).values({ tenantId, id, name: `role ${id}`, description: 'A role', type });
    if (scopeIds.length) await db.insert(rolesScopes).values(scopeIds.map((scopeId) => ({ tenantId, roleId: id, scopeId })));
    return id;
  },
  assignToApplication: (applicationId: string, roleId: string) => db.insert(applicationsRoles).values({ tenantId, applicationId, roleId }),
  unassignFromApplication: (applicationId: string, roleId: string) =>
    db
      .delete(applicationsRoles)
      .where(and(eq(applicationsRoles.tenantId, tenantId), eq(applicationsRoles.applicationId, applicationId), eq(applicationsRoles.roleId, roleId))),
  user: async (roleIds: string[] = []) => {
    const id = generateId(12);
    await db.insert(users).values({ tenantId, id, username: `user_${id}` });
    if (roleIds.length) await db.insert(usersRoles).values(roleIds.map((roleId) => ({ tenantId, userId: id, roleId })));
    return id;
  },
});

/** A client-credentials token request at the tenant's issuer, with the secret in the Basic header (or the form). */
export const clientCredentials = async (
  issuer: string,
  { clientId, secret, resource, scope, post = false }: { clientId: string; secret: string; resource?: string; scope?: string; post?: boolean },
) => {
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (resource) form.set('resource', resource);
  if (scope) form.set('scope', scope);
  if (post) {
    form.set('client_id', clientId);
    form.set('client_secret', secret);
  }
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64');
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(post ? {} : { authorization: `Basic ${basic}` }) },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, string | number | undefined> };
};

/** A machine-to-machine app of the tenant whose role holds its management API's `all`, with a token for that API. */
export const managementMachine = async (db: Db, serverUrl: string, tenantId: string, name = 'Provisioner') => {
  const data = tenantData(db, tenantId);
  const id = await data.application('MachineToMachine', { name });
  const secret = await data.secret(id);
  await data.assignToApplication(id, await data.role('MachineToMachine', [managementApiScopeId]));
  const issuer = `${serverUrl}/t/${tenantId}/oidc`;
  const { body } = await clientCredentials(issuer, { clientId: id, secret, resource: resourceIndicators.management(tenantId), scope: 'all' });
  return { id, token: String(body.access_token) };
};

/** Verifies an access token against the issuer's published JWKS, as a resource server would. */
export const verifyWithJwks = async (issuer: string, token: string, audience: string) =>
  (await jwtVerify(token, createRemoteJWKSet(new URL(`${issuer}/jwks`)), { issuer, audience })).payload;
