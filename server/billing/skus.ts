import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FullQuota, Sku, SkuType } from '#schemas/billing.ts';
import {
  enforcedQuota,
  isEnterprisePlanId,
  offeredPlanIds,
  planIds,
  planQuotas,
  quotaKeys,
  usageBasedPlanIds,
  type PlanQuota,
  type UsageAddOnKey,
} from '#schemas/quota.ts';
import type { Db } from '../db/client.ts';
import { skus } from '../db/billing-schema.ts';

export type SkuRow = typeof skus.$inferSelect;
type CatalogueEntry = Pick<SkuRow, 'id' | 'name' | 'unitPrice'> & { type: SkuType; quota: PlanQuota };

/** Every key, unnamed ones unlimited (null). */
export const fullQuota = (quota: PlanQuota): FullQuota =>
  Object.fromEntries(quotaKeys.map((key) => [key, quota[key] ?? null])) as FullQuota;

const basic = (id: string, name: string, unitPrice: number): CatalogueEntry => ({
  id,
  name,
  type: 'Basic',
  unitPrice,
  quota: fullQuota(planQuotas[id] ?? {}),
});
/** The usage add-on of each add-on key: its id, name, and price per `unit` beyond the included quota (true: the feature, once). */
const addOns: Record<UsageAddOnKey, [id: string, name: string, unitPrice: number, unit: number | true]> = {
  mauLimit: ['add-on-mau', 'Monthly active users', 500, 1000],
  tokenLimit: ['add-on-tokens', 'Tokens', 8000, 1_000_000],
  machineToMachineLimit: ['add-on-machine-to-machine', 'Machine-to-machine apps', 800, 1],
  resourcesLimit: ['add-on-resources', 'API resources', 400, 1],
  hooksLimit: ['add-on-hooks', 'Webhooks', 200, 1],
  tenantMembersLimit: ['add-on-tenant-members', 'Tenant members', 800, 1],
  enterpriseSsoLimit: ['add-on-enterprise-sso', 'Enterprise SSO connections', 4800, 1],
  mfaEnabled: ['add-on-mfa', 'Multi-factor authentication', 4800, true],
  organizationsLimit: ['add-on-organizations', 'Organizations', 4800, true],
};

/**
 * The built-in SKUs, prices in cents per month: the plans of spec 01 §9 and the usage add-ons that the usage-based
 * plans bill per unit beyond their included quota (the prices are the project's own).
 */
export const catalogue: readonly CatalogueEntry[] = [
  basic(planIds.free, 'Free', 0),
  basic(planIds.pro202411, 'Pro', 2400),
  basic(planIds.pro, 'Pro (2023)', 1600),
  basic(planIds.development, 'Development', 0),
  basic(planIds.admin, 'Admin', 0),
  ...Object.entries(addOns).map(([key, [id, name, unitPrice, unit]]): CatalogueEntry => ({ id, name, type: 'AddOn', unitPrice, quota: { [key]: unit } })),
];

/** Writes the catalogue (on every start); a row's updatedAt moves only when its content changed. */
export const ensureSkus = async (db: Db) => {
  for (const entry of catalogue) {
    await db
      .insert(skus)
      .values(entry)
      .onConflictDoUpdate({
        target: skus.id,
        set: { name: entry.name, type: entry.type, unitPrice: entry.unitPrice, quota: entry.quota, updatedAt: sql`now()` },
        setWhere: sql`(${skus.name}, ${skus.type}, ${skus.unitPrice}, ${skus.quota}) is distinct from (excluded.name, excluded.type, excluded.unit_price, excluded.quota)`,
      });
  }
};

export const toSku = (row: SkuRow): Sku => ({
  id: row.id,
  name: row.name,
  type: row.type === 'AddOn' ? 'AddOn' : 'Basic',
  unitPrice: row.unitPrice,
  productId: `prod_${row.id}`,
  defaultPriceId: `price_${row.id}`,
  quota: row.type === 'AddOn' ? row.quota : fullQuota(row.quota),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const findSku = async (db: Db, id: string): Promise<SkuRow | undefined> => {
  const [row] = await db.select().from(skus).where(eq(skus.id, id)).limit(1);
  return row;
};

/** The SKUs a user can buy: the offered plans and the add-ons, of one type or all. */
export const listOfferedSkus = async (db: Db, type?: SkuType) => {
  const offered = or(and(eq(skus.type, 'Basic'), inArray(skus.id, [...offeredPlanIds])), eq(skus.type, 'AddOn'));
  const rows = await db
    .select()
    .from(skus)
    .where(type ? and(offered, eq(skus.type, type)) : offered)
    .orderBy(skus.type, skus.unitPrice, skus.id);
  return rows.map(toSku);
};

/** A plan with what it includes (`basicQuota`) and what is enforced (`quota`). */
export type Plan = { sku: SkuRow; basicQuota: FullQuota; quota: FullQuota; addOns: SkuRow[]; isEnterprise: boolean };

/** A plan id whose SKU is missing (removed from the catalogue) has every quota unlimited and costs nothing. */
const missingSku = (id: string): SkuRow => ({
  id,
  name: id,
  type: 'Basic',
  unitPrice: 0,
  quota: {},
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

/** On usage-based plans each add-on key is enforced as unlimited (a feature key as enabled) and billed per unit. */
export const toPlan = (sku: SkuRow, addOns: SkuRow[]): Plan => {
  const basicQuota = fullQuota(sku.quota);
  const usageBased = usageBasedPlanIds.includes(sku.id);
  return { sku, basicQuota, quota: enforcedQuota(sku.id, basicQuota), addOns: usageBased ? addOns : [], isEnterprise: isEnterprisePlanId(sku.id) };
};

/** What plan `id` enforces, from its SKU row (null: removed from the catalogue), as `loadPlan(…).quota` answers it. */
export const enforcedQuotaOf = (id: string, sku: SkuRow | null) => toPlan(sku ?? missingSku(id), []).quota;

/** The plans of the given ids, keyed by id. */
export const loadPlans = async (db: Db, ids: string[]): Promise<Map<string, Plan>> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  // One statement for the plans and the add-ons: a tenant list costs a database round trip less.
  const rows = await db.select().from(skus).where(or(inArray(skus.id, unique), eq(skus.type, 'AddOn')));
  const addOns = rows.filter((row) => row.type === 'AddOn');
  return new Map(unique.map((id) => [id, toPlan(rows.find((row) => row.id === id) ?? missingSku(id), addOns)]));
};

export const loadPlan = async (db: Db, id: string): Promise<Plan> => (await loadPlans(db, [id])).get(id)!;
