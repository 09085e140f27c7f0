import { Hono, type Context } from 'hono';
import {
  jwtCustomizerGuard,
  jwtCustomizerKeys,
  jwtCustomizerListGuard,
  jwtTestGuard,
  jwtTestResultGuard,
  jwtTokenTypes,
  patchJwtCustomizerGuard,
  putJwtCustomizerGuard,
  type JwtTokenType,
} from '#schemas/jwt-customizer.ts';
import { adminTenantId } from '#schemas/constants.ts';
import { redacted } from '#schemas/log.ts';
import { HttpError, answering, quotaExceeded } from '#server/api/errors.ts';
import { routerOf } from '#server/api/route.ts';
import type { Db } from '#server/db/client.ts';
import type { SecretsKey } from '#server/secrets-key.ts';
import * as domain from '#server/tenant/jwt-customizer/domain.ts';
import { runCustomizer } from '#server/tenant/jwt-customizer/run.ts';
import type { SandboxNetwork } from '#server/tenant/jwt-customizer/sandbox-fetch.ts';
import type { SandboxPool } from '#server/tenant/jwt-customizer/sandbox-pool.ts';
import * as store from '#server/tenant/jwt-customizer/store.ts';
import { tenantChannel } from '#server/tenant-runtime/channel.ts';
import { bumpRuntimeVersion } from '#server/tenant-runtime/store.ts';
import type { Changes } from '../audit.ts';
import type { ManagementEnv, ManagementKit, TenantWrite } from '../kit.ts';

/** `network`: where a test run's `fetch` may go, as a token's run (sandboxNetworkOf). */
type Settings = { secretsKey: SecretsKey; sandbox: SandboxPool; network: SandboxNetwork };

const answer = answering<domain.SaveRefusal | domain.ScriptRefusal>({
  'jwt_customizer.not_found': 'No script is saved for this token type.',
  'jwt_customizer.invalid_script': (refusal) => refusal.details.message,
  'jwt_customizer.busy': 'The script sandbox is busy; try again shortly.',
});

const notFound = () => new HttpError('jwt_customizer.not_found', 'No script is saved for this token type.');

/** The token type of the path; any other value is not a route (customize-jwt.md §0). */
const tokenTypeOf = (value: string): JwtTokenType => {
  if ((jwtTokenTypes as readonly string[]).includes(value)) return value as JwtTokenType;
  throw new HttpError('route.not_found', 'No such route.');
};

/** Scripts never run for the console's own issuer, whose tokens are not a tenant's. */
const refuseAdminTenant = (c: Context<ManagementEnv>) => {
  if (c.var.tenant.id === adminTenantId) {
    throw new HttpError('jwt_customizer.can_not_create_for_admin_tenant', 'Custom claims scripts cannot be set for the console\'s own tenant.');
  }
};

/** What the audit log records of a change: the token type, that the script changed, the variables' names, never values. */
const changesOf = (before: store.JwtCustomizerRow | undefined, after: store.JwtCustomizerRow | undefined): Changes => {
  const names = (row: store.JwtCustomizerRow | undefined) => (row ? Object.keys(domain.openEnvironment(row)).sort() : null);
  const changes: Changes = {};
  if (before?.script !== after?.script) changes.script = { from: before ? redacted : null, to: after ? redacted : null };
  if (JSON.stringify(before && domain.openEnvironment(before)) !== JSON.stringify(after && domain.openEnvironment(after))) {
    changes.environmentVariables = { from: names(before), to: names(after) };
  }
  if (before?.blockIssuanceOnError !== after?.blockIssuanceOnError) {
    changes.blockIssuanceOnError = { from: before?.blockIssuanceOnError ?? null, to: after?.blockIssuanceOnError ?? null };
  }
  return changes;
};

/** Records the change and tells every process to reload the tenant's issuer (its scripts are cached with it). */
const announce = async ({ tx, tenant, log }: TenantWrite, tokenType: JwtTokenType, before: store.JwtCustomizerRow | undefined, after: store.JwtCustomizerRow | undefined) => {
  const key = !before ? 'Management.JwtCustomizer.Created' : !after ? 'Management.JwtCustomizer.Deleted' : 'Management.JwtCustomizer.Updated';
  await log({ key, targetId: jwtCustomizerKeys[tokenType], tokenType, changes: changesOf(before, after) });
  await bumpRuntimeVersion(tx, tenant.id, tenantChannel);
};

/** The tenant's custom JWT claims scripts (customize-jwt.md §5), one per token type, and their test run. */
export const jwtCustomizerRoutes = (db: Db, { access, withTenantWrite }: ManagementKit, { secretsKey, sandbox, network }: Settings) => {
  const app = new Hono<ManagementEnv>();
  const routes = routerOf(app, access);

  /** The plan must offer custom JWT (cloud); checked in the write's transaction, with the tenant locked. */
  const write = <T>(c: Context<ManagementEnv>, fn: (write: TenantWrite) => Promise<T>) => {
    refuseAdminTenant(c);
    return withTenantWrite(c, async (tenantWrite) => {
      await tenantWrite.checkQuota('customJwtEnabled');
      return fn(tenantWrite);
    });
  };

  const checked = async (c: Context<ManagementEnv>, script: string | undefined) => {
    if (script !== undefined) answer(await domain.checkScript(sandbox, c.var.tenant.id, script));
  };

  routes.get('/configs/jwt-customizer', {
    scope: 'read:data',
    summary: "List the tenant's custom JWT claims scripts, one per token type (environment variable values masked).",
    response: jwtCustomizerListGuard,
  }, async (c) => {
    const rows = await store.listCustomizerRows(db, c.var.tenant.id);
    return c.json(rows.map((row) => ({ key: jwtCustomizerKeys[row.tokenType], value: domain.answerOf(row) })));
  });

  routes.get('/configs/jwt-customizer/:tokenType', {
    scope: 'read:data',
    summary: 'Get the custom JWT claims script of a token type (environment variable values masked).',
    response: jwtCustomizerGuard,
    errors: ['jwt_customizer.not_found', 'route.not_found'],
  }, async (c, { params }) => {
    const row = await store.findCustomizerRow(db, c.var.tenant.id, tokenTypeOf(params.tokenType));
    if (!row) throw notFound();
    return c.json(domain.answerOf(row));
  });

  routes.put('/configs/jwt-customizer/:tokenType', {
    scope: 'write:data',
    summary: 'Create (201) or replace (200) the script of a token type; a masked variable value keeps the saved one.',
    body: putJwtCustomizerGuard,
    response: jwtCustomizerGuard,
    status: 200,
    alsoStatus: 201,
    errors: ['route.not_found', 'jwt_customizer.invalid_script', 'jwt_customizer.busy', 'jwt_customizer.can_not_create_for_admin_tenant', 'subscription.quota_exceeded'],
  }, async (c, { body, params }) => {
    const tokenType = tokenTypeOf(params.tokenType);
    await checked(c, body.script);
    const { before, after } = await write(c, async (tenantWrite) => {
      const saved = answer(await domain.saveCustomizer({ tx: tenantWrite.tx, tenantId: tenantWrite.tenant.id, tokenType, secretsKey }, body, 'replace'));
      await announce(tenantWrite, tokenType, saved.before, saved.after);
      return saved;
    });
    return c.json(domain.answerOf(after), before ? 200 : 201);
  });

  routes.patch('/configs/jwt-customizer/:tokenType', {
    scope: 'write:data',
    summary: 'Update the given fields of the script of a token type; a masked variable value keeps the saved one.',
    body: patchJwtCustomizerGuard,
    response: jwtCustomizerGuard,
    errors: ['jwt_customizer.not_found', 'route.not_found', 'jwt_customizer.invalid_script', 'jwt_customizer.busy', 'jwt_customizer.can_not_create_for_admin_tenant', 'subscription.quota_exceeded'],
  }, async (c, { body, params }) => {
    const tokenType = tokenTypeOf(params.tokenType);
    await checked(c, body.script);
    const { after } = await write(c, async (tenantWrite) => {
      const saved = answer(await domain.saveCustomizer({ tx: tenantWrite.tx, tenantId: tenantWrite.tenant.id, tokenType, secretsKey }, body, 'patch'));
      await announce(tenantWrite, tokenType, saved.before, saved.after);
      return saved;
    });
    return c.json(domain.answerOf(after));
  });

  routes.delete('/configs/jwt-customizer/:tokenType', {
    scope: 'delete:data',
    summary: 'Delete the script of a token type: its claims stop with the next token.',
    errors: ['jwt_customizer.not_found', 'route.not_found'],
  }, async (c, { params }) => {
    const tokenType = tokenTypeOf(params.tokenType);
    await withTenantWrite(c, async (tenantWrite) => {
      const before = await store.findCustomizerRow(tenantWrite.tx, tenantWrite.tenant.id, tokenType);
      if (!before || !(await store.deleteCustomizerRow(tenantWrite.tx, tenantWrite.tenant.id, tokenType))) throw notFound();
      await announce(tenantWrite, tokenType, before, undefined);
    });
    return c.body(null, 204);
  });

  routes.post('/configs/jwt-customizer/test', {
    scope: 'write:data',
    summary: 'Run an unsaved script on sample input; masked variable values stand for the saved ones. Saves nothing.',
    body: jwtTestGuard,
    response: jwtTestResultGuard,
    errors: ['jwt_customizer.general', 'jwt_customizer.invalid_result', 'jwt_customizer.busy', 'jwt_customizer.can_not_create_for_admin_tenant', 'subscription.quota_exceeded'],
  }, async (c, { body }) => {
    refuseAdminTenant(c);
    const { tenant, planQuota } = c.var;
    if (planQuota && planQuota.customJwtEnabled === false) throw quotaExceeded({ customJwtEnabled: false });
    const saved = await store.findCustomizerRow(db, tenant.id, body.tokenType);
    const variables = answer(domain.unmaskedVariables(body.environmentVariables ?? {}, saved ? domain.openEnvironment(saved) : {}));
    const outcome = await runCustomizer(sandbox, tenant.id, { script: body.script, token: body.token, context: body.context, environmentVariables: variables, network });
    if (outcome.ok) return c.json({ claims: outcome.claims, droppedClaims: outcome.droppedClaims, consoleOutput: outcome.consoleOutput, durationMs: outcome.durationMs });
    if (outcome.reason === 'busy') throw new HttpError('jwt_customizer.busy', outcome.message);
    const details = { code: outcome.code, message: outcome.message, ...(outcome.line ? { line: outcome.line } : {}), consoleOutput: outcome.consoleOutput, durationMs: outcome.durationMs };
    throw new HttpError(outcome.reason === 'invalid-result' ? 'jwt_customizer.invalid_result' : 'jwt_customizer.general', outcome.message, details);
  });

  return app;
};
