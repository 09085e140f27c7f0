import { and, asc, count, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { CreateResource, CreateScope, PatchResource, PatchScope, Resource, Scope } from '#schemas/resource.ts';
import type { Db } from '#server/db/client.ts';
import { resources, scopes } from '#server/db/idp.ts';
import { preparedOnce } from '#server/db/prepared.ts';
import { generateId } from '#server/ids.ts';
import { containing, countKept, keptCount, pageOf, totalCount, type Page } from '#server/tenant/list.ts';

/** The built-in management API and its permission `all` have these ids in every tenant (seeded by migration 0004). */
export const managementApiResourceId = 'management-api';
export const managementApiScopeId = 'management-api-all';

type ResourceRow = typeof resources.$inferSelect;
type ScopeRow = typeof scopes.$inferSelect;

const toResource = (row: ResourceRow): Resource => ({
  id: row.id,
  name: row.name,
  indicator: row.indicator,
  isDefault: row.isDefault,
  accessTokenTtl: row.accessTokenTtl,
  isBuiltIn: row.isBuiltIn,
  createdAt: row.createdAt.toISOString(),
});

const toScope = (row: ScopeRow): Scope => ({
  id: row.id,
  resourceId: row.resourceId,
  name: row.name,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
});

const ofResource = (tenantId: string, id: string) => and(eq(resources.tenantId, tenantId), eq(resources.id, id));
const ofScope = (tenantId: string, resourceId: string, id: string) =>
  and(eq(scopes.tenantId, tenantId), eq(scopes.resourceId, resourceId), eq(scopes.id, id));

const resourceSearch = (tenantId: string, q: string | undefined): SQL | undefined =>
  and(eq(resources.tenantId, tenantId), containing(sql`lower(${resources.name} || ' ' || ${resources.indicator})`, q));

const listOrder = [desc(resources.isBuiltIn), desc(resources.createdAt), asc(resources.id)];

/** A page of the resources matching `where`, in the order of their index, each row with `total`, the count of all of them. */
const pageMatching = (db: Db, where: SQL | undefined, total: SQL<number>, limit: number | Placeholder, offset: number | Placeholder) =>
  db.select({ row: resources, total }).from(resources).where(where).orderBy(...listOrder).limit(limit).offset(offset);

/** The first screen of the list, with no search, and the tenant's kept count: its statement is kept (see preparedOnce). */
const unsearchedPage = preparedOnce((db) => {
  const tenantId = sql.placeholder('tenantId');
  return pageMatching(db, eq(resources.tenantId, tenantId), keptCount('resources', tenantId), sql.placeholder('limit'), sql.placeholder('offset')).prepare('management_resources_page');
});

/** The management API first, then the newest: the page in the order of its index, with the kept count or the search's. */
export const listResources = async (db: Db, tenantId: string, { limit, offset, q }: Page) => {
  const where = resourceSearch(tenantId, q);
  return pageOf(
    q ? await pageMatching(db, where, db.$count(resources, where), limit, offset) : await unsearchedPage(db).execute({ tenantId, limit, offset }),
    toResource,
    async () => (q ? (await db.select({ value: count() }).from(resources).where(where))[0]!.value : countKept(db, 'resources', tenantId)),
  );
};

export const findResource = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db.select().from(resources).where(ofResource(tenantId, id)).limit(1);
  return row && toResource(row);
};

/** The permissions of the given resources, by resource id. */
export const scopesOfResources = async (db: Db, tenantId: string, resourceIds: string[]) => {
  const rows = resourceIds.length
    ? await db
        .select()
        .from(scopes)
        .where(and(eq(scopes.tenantId, tenantId), inArray(scopes.resourceId, resourceIds)))
        .orderBy(asc(scopes.createdAt), asc(scopes.id))
    : [];
  const byResource = new Map<string, Scope[]>(resourceIds.map((id) => [id, []]));
  for (const row of rows) byResource.get(row.resourceId)?.push(toScope(row));
  return byResource;
};

export const insertResource = async (db: Db, tenantId: string, input: CreateResource) => {
  const [row] = await db
    .insert(resources)
    .values({ tenantId, id: generateId(), name: input.name, indicator: input.indicator, accessTokenTtl: input.accessTokenTtl })
    .returning();
  return toResource(row!);
};

export const updateResource = async (db: Db, tenantId: string, id: string, patch: PatchResource) => {
  const [row] = await db.update(resources).set(patch).where(ofResource(tenantId, id)).returning();
  return row && toResource(row);
};

/** Makes the resource the tenant's default API (the previous one stops being it), or stops it being the default. */
export const setDefaultResource = async (db: Db, tenantId: string, id: string, isDefault: boolean) => {
  if (isDefault) {
    await db
      .update(resources)
      .set({ isDefault: false })
      .where(and(eq(resources.tenantId, tenantId), eq(resources.isDefault, true), sql`${resources.id} <> ${id}`));
  }
  const [row] = await db.update(resources).set({ isDefault }).where(ofResource(tenantId, id)).returning();
  return row && toResource(row);
};

/** Deletes the resource; its permissions go with it (composite foreign key, on delete cascade). */
export const deleteResource = async (db: Db, tenantId: string, id: string) => {
  await db.delete(resources).where(ofResource(tenantId, id));
};

/** The tenant's resources besides the built-in management API (resourcesLimit). */
export const countResources = async (db: Db, tenantId: string) => {
  const [row] = await db
    .select({ value: count() })
    .from(resources)
    .where(and(eq(resources.tenantId, tenantId), eq(resources.isBuiltIn, false)));
  return row?.value ?? 0;
};

/** The number of permissions per resource, for the resources that have any (scopesPerResourceLimit). */
export const countScopesPerResource = async (db: Db, tenantId: string, resourceId?: string) => {
  const rows = await db
    .select({ resourceId: scopes.resourceId, value: count() })
    .from(scopes)
    .innerJoin(resources, and(eq(resources.tenantId, scopes.tenantId), eq(resources.id, scopes.resourceId)))
    .where(
      and(
        eq(scopes.tenantId, tenantId),
        eq(resources.tenantId, tenantId),
        eq(resources.isBuiltIn, false),
        resourceId === undefined ? undefined : eq(scopes.resourceId, resourceId),
      ),
    )
    .groupBy(scopes.resourceId);
  return Object.fromEntries(rows.map((row) => [row.resourceId, row.value]));
};

const scopeSearch = (tenantId: string, resourceId: string, q: string | undefined) =>
  and(
    eq(scopes.tenantId, tenantId),
    eq(scopes.resourceId, resourceId),
    containing(sql`lower(${scopes.name} || ' ' || coalesce(${scopes.description}, ''))`, q),
  );

export const listScopes = async (db: Db, tenantId: string, resourceId: string, { limit, offset, q }: Page) =>
  pageOf(
    await db
      .select({ row: scopes, total: totalCount() })
      .from(scopes)
      .where(scopeSearch(tenantId, resourceId, q))
      .orderBy(asc(scopes.createdAt), asc(scopes.id))
      .limit(limit)
      .offset(offset),
    toScope,
    async () => (await db.select({ value: count() }).from(scopes).where(scopeSearch(tenantId, resourceId, q)))[0]!.value,
  );

export const findScope = async (db: Db, tenantId: string, resourceId: string, id: string) => {
  const [row] = await db.select().from(scopes).where(ofScope(tenantId, resourceId, id)).limit(1);
  return row && toScope(row);
};

export const insertScope = async (db: Db, tenantId: string, resourceId: string, input: CreateScope) => {
  const [row] = await db
    .insert(scopes)
    .values({ tenantId, id: generateId(), resourceId, name: input.name, description: input.description ?? null })
    .returning();
  return toScope(row!);
};

export const updateScope = async (db: Db, tenantId: string, resourceId: string, id: string, patch: PatchScope) => {
  const [row] = await db.update(scopes).set(patch).where(ofScope(tenantId, resourceId, id)).returning();
  return row && toScope(row);
};

/** Deletes the permission; answers whether there was one. */
export const deleteScope = async (db: Db, tenantId: string, resourceId: string, id: string) =>
  (await db.delete(scopes).where(ofScope(tenantId, resourceId, id)).returning({ id: scopes.id })).length > 0;
