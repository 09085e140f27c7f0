import { verify } from '@node-rs/argon2';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminConsoleConfigGuard } from '#schemas/admin-console-config.ts';
import { subscriptionUsageGuard } from '#schemas/billing.ts';
import { organizationIdOf, resourceIndicators } from '#schemas/constants.ts';
import { tenantGuard } from '#schemas/tenant.ts';
import { tenants } from '#server/db/schema.ts';
import { checkoutSessions, invoices } from '#server/db/billing-schema.ts';
import { OpsError, runOpsCommand, type OpsContext } from '#server/ops/commands.ts';
import { opsFileGuard, opsFilePath } from '#server/ops/listener.ts';
import { seededUserPassword } from '#server/ops/seed.ts';
import { createLocalPaymentProvider } from '#server/payments/local/provider.ts';
import { signUp } from '../support/oidc-client.ts';
import { startServer } from '../support/server.ts';
import { buyPlan, cards, createTenant, listTenants, startCheckout, submitCard, waitForCompletion } from './billing-support.ts';
import { bearer, call, json, newAccount, postgresUrl, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';
import * as z from 'zod/mini';

let server: TestServer;
let admin: TestUser;
let context: OpsContext;

beforeAll(async () => {
  server = await startTestServer('cloud', { CHECKOUT_COMPLETION_DELAY_MS: '0' });
  admin = await signUpUser(server, 'operated');
  context = { db: server.db, payments: createLocalPaymentProvider(server.db, server.config), edition: 'cloud' };
});
afterAll(() => server?.close());

const ops = (...argv: string[]) => runOpsCommand(context, argv);
const owners = new Map<string, TestUser>();
/** A production tenant of a new account each time, so the free-tenant cap never gets in the way. */
const productionTenant = async (name: string) => {
  const owner = await signUpUser(server, 'owner');
  const tenant = await createTenant(server, owner, { name, tag: 'production' });
  owners.set(tenant.id, owner);
  return tenant;
};
/** The tenant as its owner's GET /api/tenants shows it. */
const tenantOf = async (tenantId: string) =>
  (await listTenants(server, owners.get(tenantId) ?? admin)).find((tenant) => tenant.id === tenantId)!;
const invoicesOf = (tenantId: string) => server.db.select().from(invoices).where(eq(invoices.tenantId, tenantId));

describe('ops commands', () => {
  test('seed-users and seed-logs add development data to one tenant only, counted, each user able to sign in', async () => {
    const { id } = await productionTenant('Seeded');
    const { id: other } = await productionTenant('Not seeded');
    expect(await ops('seed-users', id, '--count', '25')).toMatchObject({ tenantId: id, count: 25 });
    await ops('seed-logs', id, '--count', '40');
    const rows = async (query: ReturnType<typeof sql>) => ((await server.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(await rows(sql`select tenant_id, count from idp.row_counts where table_name = 'users' and tenant_id in (${id}, ${other})`)).toEqual([{ tenant_id: id, count: 25 }]);
    const seeded = await rows(sql`select key, user_id, payload from idp.logs where tenant_id = ${id}`);
    expect(seeded).toHaveLength(40);
    const userIds = new Set((await rows(sql`select id from idp.users where tenant_id = ${id}`)).map((row) => row.id));
    expect(seeded.every((row) => userIds.has(row.user_id) && (row.payload as { userId: string }).userId === row.user_id)).toBe(true);
    const [user] = await rows(sql`select password_encrypted from idp.users where tenant_id = ${id} limit 1`);
    expect(await verify(String(user!.password_encrypted), seededUserPassword)).toBe(true);
    await expect(ops('seed-users', id, '--count', 'many')).rejects.toThrow(OpsError);
  });

  test('suspend and unsuspend: the tenant API reflects isSuspended', async () => {
    const { id } = await productionTenant('Suspend me');
    expect(await ops('suspend', id)).toMatchObject({ tenant: { id, isSuspended: true } });
    expect((await tenantOf(id)).isSuspended).toBe(true);
    await ops('unsuspend', id);
    expect((await tenantOf(id)).isSuspended).toBe(false);
  });

  test('set-usage sets MAU and tokens of the period; the tenant and the usage report show them', async () => {
    const { id } = await productionTenant('Busy');
    await ops('set-usage', id, '--mau', '50000', '--tokens=123456');
    expect((await tenantOf(id)).usage).toEqual({ activeUsers: 50_000, tokenUsage: 123_456 });
    await ops('set-usage', id, '--tokens', '500000');
    expect((await tenantOf(id)).usage).toEqual({ activeUsers: 50_000, tokenUsage: 500_000 });
    const usage = subscriptionUsageGuard.parse(await (await fetch(`${server.url}/api/tenants/${id}/subscription-usage`, bearer(await owners.get(id)!.cloudToken()))).json());
    expect(usage.usage).toMatchObject({ mauLimit: 50_000, tokenLimit: 500_000 });
    await expect(ops('set-usage', id)).rejects.toThrow('Give --mau, --tokens or both.');
    await expect(ops('set-usage', id, '--mau', '-5')).rejects.toThrow(OpsError);
    await expect(ops('set-usage', id, '--mau')).rejects.toThrow('--mau needs a value.');
  });

  test('add-invoice adds an open invoice: the tenant shows it as overdue', async () => {
    const { id } = await productionTenant('Overdue');
    const { invoiceId } = (await ops('add-invoice', id)) as { invoiceId: string };
    await ops('add-invoice', id, '--amount', '4999');
    expect((await tenantOf(id)).openInvoices).toEqual([
      { id: invoiceId, amountDue: 1000 },
      { id: expect.any(String), amountDue: 4999 },
    ]);
  });

  test('advance-period bills the ended period with the card on file and starts the next one with fresh usage', async () => {
    const { tenantId } = await buyPlan(server, admin, { tenantName: 'Renewing' });
    const before = await tenantOf(tenantId!);
    await ops('set-usage', tenantId!, '--tokens', '2500000');
    await ops('advance-period', tenantId!);
    const after = await tenantOf(tenantId!);
    expect(after.subscription.currentPeriodStart).toBe(before.subscription.currentPeriodEnd);
    expect(new Date(after.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(new Date(after.subscription.currentPeriodStart).getTime());
    expect(after).toMatchObject({ usage: { activeUsers: 0, tokenUsage: 0 }, openInvoices: [], subscription: { status: 'active' } });
    // $24 plus two started million-token units beyond the included million, at $80 each.
    expect((await invoicesOf(tenantId!)).map((invoice) => [invoice.billingReason, invoice.status, invoice.amountDue]).sort()).toEqual([
      ['subscription_create', 'paid', 2400],
      ['subscription_cycle', 'paid', 2400 + 2 * 8000],
    ]);
  });

  test('advance-period with the card that fails at renewal: an open invoice and a past-due subscription', async () => {
    const { redirectUri, sessionId } = await startCheckout(server, admin, { tenantName: 'Fails later' });
    expect((await submitCard(redirectUri, cards.failsAtRenewal)).status).toBe(303);
    const tenantId = (await waitForCompletion(server, admin, sessionId)).tenantId!;
    expect((await tenantOf(tenantId)).planId).toBe('pro-2024-11');
    await ops('advance-period', tenantId);
    const tenant = await tenantOf(tenantId);
    expect(tenant.subscription.status).toBe('past_due');
    expect(tenant.openInvoices).toEqual([{ id: expect.any(String), amountDue: 2400 }]);
  });

  test('advance-period of a free tenant writes no invoice', async () => {
    const { id } = await productionTenant('Free period');
    await ops('advance-period', id);
    expect(await invoicesOf(id)).toEqual([]);
  });

  test('enterprise puts a production tenant on its own plan, with quota overrides', async () => {
    const { id } = await productionTenant('Big');
    await ops('enterprise', id, '--name', 'Enterprise Big', '--price', '99900', '--quota', 'mauLimit=200000', '--quota', 'tenantMembersLimit=50');
    const tenant = await tenantOf(id);
    expect(tenant).toMatchObject({
      planId: `enterprise-${id}`,
      subscription: { planId: `enterprise-${id}`, isEnterprisePlan: true },
      quota: { mauLimit: 200_000, tokenLimit: null },
    });
    const subscription = await (await fetch(`${server.url}/api/tenants/${id}/subscription`, bearer(await owners.get(id)!.cloudToken()))).json();
    expect(subscription).toMatchObject({ isEnterprisePlan: true, upcomingInvoice: { amountDue: 99_900 } });
    const development = await createTenant(server, admin, { name: 'Dev ent' });
    await expect(ops('enterprise', development.id)).rejects.toThrow('Only a production tenant can be on an enterprise plan.');
    await expect(ops('enterprise', id, '--plan', 'free')).rejects.toThrow('is a reserved plan id');
    await expect(ops('enterprise', id, '--quota', 'colour=blue')).rejects.toThrow('Unknown quota key "colour"');
  });

  test('checkout-delay holds paid checkouts back for every process, and "default" lifts it', async () => {
    expect(await ops('checkout-delay', '60000')).toEqual({ checkoutCompletionDelayMs: 60_000 });
    const { redirectUri, sessionId } = await startCheckout(server, admin, { tenantName: 'Slow' });
    await submitCard(redirectUri, cards.pays);
    const [session] = await server.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session!.dueAt!.getTime() - Date.now()).toBeGreaterThan(55_000);
    expect(await ops('checkout-delay', 'default')).toEqual({ checkoutCompletionDelayMs: 'default' });
    await expect(ops('checkout-delay', 'soon')).rejects.toThrow(OpsError);
  });

  test('migration-notice gives the tenant the development-tenant migration notice until it is read', async () => {
    const { id } = await createTenant(server, admin, { name: 'Migrated' });
    await ops('migration-notice', id);
    const token = await admin.session.organizationToken(organizationIdOf(id));
    const config = adminConsoleConfigGuard.parse(await (await call(`${server.url}/m/${id}/api/configs/admin-console`, token, 'GET')).json());
    expect(config.developmentTenantMigrationNotification).toEqual({ isPaidTenant: false, tag: 'development' });
  });

  test('show prints the tenant and its subscription; unknown tenants and commands are refused', async () => {
    const { id } = await createTenant(server, admin, { name: 'Shown' });
    expect(await ops('show', id)).toMatchObject({ tenant: { id, name: 'Shown' }, subscription: { planId: 'development', upcomingInvoice: { amountDue: 0 } } });
    await expect(ops('show', 'nosuchtenant')).rejects.toThrow('There is no tenant "nosuchtenant".');
    await expect(ops('suspend')).rejects.toThrow('Name the tenant');
    await expect(ops('reboot')).rejects.toThrow('Unknown command "reboot"');
    await expect(ops('toString')).rejects.toThrow('Unknown command "toString"');
  });
});

const execFileAsync = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const runCli = (argv: string[], env: Record<string, string>) =>
  execFileAsync(process.execPath, ['scripts/ops.ts', ...argv], { cwd: root, env: { ...process.env, DATABASE_URL: '', ...env } }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

describe('npm run ops', () => {
  test('help lists every command', async () => {
    const { code, stdout } = await runCli(['help'], {});
    expect(code).toBe(0);
    for (const command of ['suspend', 'unsuspend', 'set-usage', 'add-invoice', 'advance-period', 'enterprise', 'checkout-delay', 'migration-notice', 'show', 'add-admin', 'remove-admin']) {
      expect(stdout).toContain(`  ${command} `);
    }
  });

  test('on PGlite it talks to the running server through its loopback port and token; without a server it opens the folder', async () => {
    const dataRoot = await mkdtemp(path.join(tmpdir(), 'gatehouse-ops-'));
    const dataDir = path.join(dataRoot, 'data');
    const running = await startServer({ edition: 'cloud', dataDir });
    try {
      const opsFile = opsFileGuard.parse(JSON.parse(await readFile(opsFilePath(dataDir), 'utf8')));
      expect(opsFile.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await stat(opsFilePath(dataDir))).mode & 0o777).toBe(0o600);
      const refused = await fetch(`${opsFile.url}/ops`, { ...json({ argv: ['help'] }), headers: { authorization: 'Bearer wrong' } });
      expect(refused.status).toBe(401);

      const session = await signUp(running.url, newAccount('cli'), { edition: 'cloud' });
      const cloudToken = await session.accessToken(resourceIndicators.cloud);
      const created = tenantGuard.parse(await (await fetch(`${running.url}/api/tenants`, bearer(cloudToken, json({ name: 'CLI', tag: 'production' })))).json());
      expect(await running.ops(['suspend', created.id])).toMatchObject({ tenant: { id: created.id, isSuspended: true } });
      const listed = z.array(tenantGuard).parse(await (await fetch(`${running.url}/api/tenants`, bearer(cloudToken))).json());
      expect(listed[0]?.isSuspended).toBe(true);
      const failed = await runCli(['show', 'nosuchtenant'], { PGLITE_DIR: dataDir });
      expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('There is no tenant "nosuchtenant".') });
      await expect(running.ops(['reboot'])).rejects.toThrow('Unknown command "reboot"');

      await running.stop();
      await expect(stat(opsFilePath(dataDir))).rejects.toThrow();
      const direct = await runCli(['unsuspend', created.id], { PGLITE_DIR: dataDir });
      expect(direct.code).toBe(0);
      expect(JSON.parse(direct.stdout)).toMatchObject({ tenant: { id: created.id, isSuspended: false } });
    } finally {
      await running.stop();
      await rm(dataRoot, { recursive: true, force: true });
    }
  }, 90_000);

  test.skipIf(!postgresUrl)('on PostgreSQL it works on the database directly, next to the running server', async () => {
    const { id } = await productionTenant('Postgres CLI');
    const result = await runCli(['set-usage', id, '--mau', '77'], { DATABASE_URL: server.config.databaseUrl! });
    expect(result.code).toBe(0);
    expect((await tenantOf(id)).usage.activeUsers).toBe(77);
    const [row] = await server.db.select({ activeUsers: tenants.activeUsers }).from(tenants).where(eq(tenants.id, id));
    expect(row?.activeUsers).toBe(77);
  });
});
