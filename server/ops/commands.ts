import { eq } from 'drizzle-orm';
import { maxCheckoutCompletionDelayMs } from '../config.ts';
import { quotaKeys, isEnterprisePlanId, planIds, type PlanQuota, type QuotaKey, type QuotaValue } from '#schemas/quota.ts';
import type { Edition } from '#schemas/config.ts';
import { features } from '#schemas/edition.ts';
import { addConsoleAdmin, listConsoleAdmins, removeConsoleAdmin, type AdminChange } from '../accounts/console-admins.ts';
import { patchAdminConsoleConfig } from '../api/management.ts';
import { writeInvoice } from '../billing/invoices.ts';
import { storeCheckoutDelay, storedCheckoutDelay } from '../billing/settings.ts';
import { fullQuota, loadPlan } from '../billing/skus.ts';
import { advancePeriod, subscriptionOf, switchPlan, upcomingAmount } from '../billing/subscription.ts';
import { countUsage } from '../billing/usage.ts';
import type { Db } from '../db/client.ts';
import { tenants } from '../db/schema.ts';
import { skus } from '../db/billing-schema.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { findTenant, loadTenant, lockTenant, type TenantRow } from '../tenants.ts';
import { rotateSigningKey, tenantChannel } from '../tenant-runtime/keys.ts';
import { seededUserPassword, seedLogs, seedUsers } from './seed.ts';
import { bumpRuntimeVersion } from '../tenant-runtime/store.ts';

/** A refused command: its message is printed and the CLI exits with 1. */
export class OpsError extends Error {}

export type OpsContext = { db: Db; payments: PaymentProvider; edition: Edition };
type Options = { positional: string[]; flags: Map<string, string[]> };
type Command = { usage: string; summary: string; run: (context: OpsContext, options: Options) => Promise<unknown> };

export const parseArguments = (argv: string[]): Options => {
  const positional: string[] = [];
  const flags = new Map<string, string[]>();
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (!argument.startsWith('--')) {
      positional.push(argument);
      continue;
    }
    const [name, inline] = argument.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const value = inline ?? argv[(index += 1)];
    if (value === undefined) throw new OpsError(`--${name} needs a value.`);
    flags.set(name, [...(flags.get(name) ?? []), value]);
  }
  return { positional, flags };
};

const flag = (options: Options, name: string) => options.flags.get(name)?.at(-1);

const wholeNumber = (value: string, name: string, max = Number.MAX_SAFE_INTEGER) => {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number > max) throw new OpsError(`${name} must be a whole number from 0 to ${max}, got "${value}".`);
  return number;
};

const tenantArgument = async ({ db }: OpsContext, options: Options): Promise<TenantRow> => {
  const [tenantId] = options.positional;
  if (!tenantId) throw new OpsError('Name the tenant: its id.');
  const tenant = await findTenant(db, tenantId);
  if (!tenant) throw new OpsError(`There is no tenant "${tenantId}".`);
  return tenant;
};

/** The e-mail or username of add-admin and remove-admin, in the self-hosted edition. */
const adminArgument = ({ edition }: OpsContext, options: Options) => {
  if (features(edition).multipleTenants) throw new OpsError('Console admins are a self-hosted feature: in the cloud, tenant admins invite members.');
  const [identifier] = options.positional;
  if (!identifier) throw new OpsError('Name the account: its e-mail or username.');
  return identifier;
};

const adminChangeRefusals = (identifier: string): Record<Extract<AdminChange, { ok: false }>['reason'], string> => ({
  invalid_identifier: `"${identifier}" is neither an e-mail nor a username (a letter or an underscore, then letters, digits or underscores).`,
  no_account: `There is no account "${identifier}".`,
  not_admin: `"${identifier}" is not a console admin.`,
  last_admin: `"${identifier}" is the last console admin; add another one first.`,
});

/** What an admin change prints: the account, its initial password when it was created, and every admin after it. */
const adminChange = (change: (context: OpsContext, identifier: string) => Promise<AdminChange>) => async (context: OpsContext, options: Options) => {
  const identifier = adminArgument(context, options);
  const result = await change(context, identifier);
  if (!result.ok) throw new OpsError(adminChangeRefusals(identifier)[result.reason]);
  const { admin, initialPassword } = result;
  return { admin, ...(initialPassword ? { initialPassword } : {}), admins: await listConsoleAdmins(context.db) };
};

/** The tenant as the cloud API shows it, with its subscription and what the next renewal bills. */
const report = async ({ db }: OpsContext, tenantId: string) => {
  const tenant = await findTenant(db, tenantId);
  return { tenant: await loadTenant(db, tenantId), subscription: tenant && (await subscriptionOf(db, tenant)) };
};

/** Suspension is part of the tenant's issuer (its /auth and /token refuse): every process rebuilds it. */
const setSuspended = (isSuspended: boolean) => async (context: OpsContext, options: Options) => {
  const tenant = await tenantArgument(context, options);
  await context.db.transaction(async (tx) => {
    await tx.update(tenants).set({ isSuspended }).where(eq(tenants.id, tenant.id));
    await bumpRuntimeVersion(tx, tenant.id, tenantChannel);
  });
  return report(context, tenant.id);
};

const quotaValue = (text: string): QuotaValue => {
  if (text === 'null' || text === 'unlimited') return null;
  if (text === 'true' || text === 'false') return text === 'true';
  return wholeNumber(text, 'A quota value');
};

const isQuotaKey = (key: string): key is QuotaKey => (quotaKeys as readonly string[]).includes(key);

/** `--quota key=value`, repeatable. */
const quotaOverrides = (options: Options): PlanQuota => {
  const quota: PlanQuota = {};
  for (const entry of options.flags.get('quota') ?? []) {
    const [key = '', value = ''] = entry.split('=', 2);
    if (!isQuotaKey(key)) throw new OpsError(`Unknown quota key "${key}"; the keys are ${quotaKeys.join(', ')}.`);
    quota[key] = quotaValue(value);
  }
  return quota;
};

const countFlag = (options: Options, fallback: number) => wholeNumber(flag(options, 'count') ?? String(fallback), '--count', 10_000_000);

export const commands: Record<string, Command> = {
  'seed-users': {
    usage: 'seed-users <tenantId> [--count <number>]',
    summary: `add development users (100,000 by default), each with the password ${seededUserPassword}`,
    run: async (context, options) => {
      const tenant = await tenantArgument(context, options);
      const count = countFlag(options, 100_000);
      const started = Date.now();
      const run = await seedUsers(context.db, tenant.id, count);
      return { tenantId: tenant.id, count, run, seconds: (Date.now() - started) / 1000 };
    },
  },
  'seed-logs': {
    usage: 'seed-logs <tenantId> [--count <number>]',
    summary: "add development audit logs (1,000,000 by default) over the last 40 hours, naming the tenant's first users",
    run: async (context, options) => {
      const tenant = await tenantArgument(context, options);
      const count = countFlag(options, 1_000_000);
      const started = Date.now();
      await seedLogs(context.db, tenant.id, count);
      return { tenantId: tenant.id, count, seconds: (Date.now() - started) / 1000 };
    },
  },
  show: {
    usage: 'show <tenantId>',
    summary: 'print the tenant, its subscription and its next bill',
    run: async (context, options) => report(context, (await tenantArgument(context, options)).id),
  },
  suspend: { usage: 'suspend <tenantId>', summary: 'suspend the tenant', run: setSuspended(true) },
  unsuspend: { usage: 'unsuspend <tenantId>', summary: 'lift the suspension', run: setSuspended(false) },
  'rotate-signing-key': {
    usage: 'rotate-signing-key <tenantId>',
    summary: "sign the tenant's tokens with a new key from now on; the old one stays published, so its tokens still verify",
    run: async (context, options) => {
      const { id } = await tenantArgument(context, options);
      await rotateSigningKey(context.db, id);
      return { tenantId: id, rotated: true };
    },
  },
  'set-usage': {
    usage: 'set-usage <tenantId> [--mau <count>] [--tokens <count>]',
    summary: "set the current period's monthly active users and token usage",
    run: async (context, options) => {
      const tenant = await tenantArgument(context, options);
      const mau = flag(options, 'mau');
      const tokens = flag(options, 'tokens');
      if (mau === undefined && tokens === undefined) throw new OpsError('Give --mau, --tokens or both.');
      await context.db
        .update(tenants)
        .set({
          ...(mau === undefined ? {} : { activeUsers: wholeNumber(mau, '--mau', 2_147_483_647) }),
          ...(tokens === undefined ? {} : { tokenUsage: wholeNumber(tokens, '--tokens') }),
        })
        .where(eq(tenants.id, tenant.id));
      return report(context, tenant.id);
    },
  },
  'add-invoice': {
    usage: 'add-invoice <tenantId> [--amount <cents>]',
    summary: 'add an open (unpaid) invoice for the current period; default amount: the next bill, at least $10.00',
    run: async (context, options) => {
      const { db } = context;
      const tenant = await tenantArgument(context, options);
      const amount = flag(options, 'amount');
      const plan = await loadPlan(db, tenant.planId);
      const amountDue = amount === undefined ? Math.max(upcomingAmount(plan, (await countUsage(db, tenant)).usage), 1000) : wholeNumber(amount, '--amount', 100_000_000);
      const invoice = await writeInvoice(db, {
        tenantId: tenant.id,
        status: 'open',
        amountDue,
        planId: tenant.planId,
        billingReason: 'manual',
        periodStart: tenant.periodStart,
        periodEnd: tenant.periodEnd,
      });
      return { invoiceId: invoice.id, ...(await report(context, tenant.id)) };
    },
  },
  'advance-period': {
    usage: 'advance-period <tenantId>',
    summary: 'end the billing period: bill it (card on file, else an open invoice and past_due), reset usage',
    run: async (context, options) => {
      const tenant = await tenantArgument(context, options);
      const result = await advancePeriod(context.db, context.payments, tenant.id);
      return { invoiceId: result?.invoice?.id ?? null, ...(await report(context, tenant.id)) };
    },
  },
  enterprise: {
    usage: 'enterprise <tenantId> [--plan <planId>] [--name <name>] [--price <cents>] [--quota <key>=<value>]…',
    summary: 'put a production tenant on an enterprise plan (default: enterprise-<tenantId>, the pro quota unlimited)',
    run: async (context, options) => {
      const tenant = await tenantArgument(context, options);
      if (tenant.tag !== 'production') throw new OpsError('Only a production tenant can be on an enterprise plan.');
      const planId = flag(options, 'plan') ?? `enterprise-${tenant.id}`;
      if (!isEnterprisePlanId(planId)) throw new OpsError(`"${planId}" is a reserved plan id.`);
      const unitPrice = wholeNumber(flag(options, 'price') ?? '0', '--price', 100_000_000);
      const base = fullQuota({ ...(await loadPlan(context.db, planIds.pro202411)).quota, mauLimit: null, tokenLimit: null });
      const quota = { ...base, ...quotaOverrides(options) };
      const name = flag(options, 'name') ?? 'Enterprise';
      await context.db.transaction(async (tx) => {
        await tx
          .insert(skus)
          .values({ id: planId, name, type: 'Basic', unitPrice, quota })
          .onConflictDoUpdate({ target: skus.id, set: { name, unitPrice, quota, updatedAt: new Date() } });
        await lockTenant(tx, tenant.id);
        await switchPlan(tx, tenant.id, planId, { newPeriod: true });
      });
      return report(context, tenant.id);
    },
  },
  'checkout-delay': {
    usage: 'checkout-delay <milliseconds|default>',
    summary: 'how long paid checkouts take to complete, for every server process; default: CHECKOUT_COMPLETION_DELAY_MS or 1–3 s',
    run: async ({ db }, options) => {
      const [value] = options.positional;
      if (value === undefined) throw new OpsError('Give the delay in milliseconds, or "default".');
      await storeCheckoutDelay(db, value === 'default' ? undefined : wholeNumber(value, 'The delay', maxCheckoutCompletionDelayMs));
      return { checkoutCompletionDelayMs: (await storedCheckoutDelay(db)) ?? 'default' };
    },
  },
  'add-admin': {
    usage: 'add-admin <e-mail or username>',
    summary: 'self-hosted: make the account a console admin; a new account is created with an initial password, printed once',
    run: adminChange(({ db }, identifier) => addConsoleAdmin(db, identifier)),
  },
  'remove-admin': {
    usage: 'remove-admin <e-mail or username>',
    summary: 'self-hosted: take the console admin role from the account (it stays, with no tenant); the last admin stays',
    run: adminChange(({ db }, identifier) => removeConsoleAdmin(db, identifier)),
  },
  'migration-notice': {
    usage: 'migration-notice <tenantId>',
    summary: "show the one-time development-tenant migration notice on the tenant's console (until dismissed)",
    run: async (context, options) => {
      const tenant = await tenantArgument(context, options);
      const unpaidPlans: readonly string[] = [planIds.free, planIds.development];
      const isPaidTenant = !unpaidPlans.includes(tenant.planId);
      const tag = tenant.tag === 'production' ? 'production' : 'development';
      return patchAdminConsoleConfig(context.db, tenant.id, { developmentTenantMigrationNotification: { isPaidTenant, tag } });
    },
  },
};

export const opsUsage = () =>
  ['Usage: npm run ops -- <command> [arguments]', '', ...Object.values(commands).map((command) => `  ${command.usage}\n      ${command.summary}`)].join('\n');

/** Runs one command line (without `npm run ops --`) and answers its result, printable as JSON. */
export const runOpsCommand = async (context: OpsContext, argv: string[]) => {
  const [name = '', ...rest] = argv;
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) throw new OpsError(`Unknown command "${name}".\n\n${opsUsage()}`);
  return command.run(context, parseArguments(rest));
};
