import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { totalNumberHeader } from '#schemas/paging.ts';
import type { Db } from '../db/client.ts';
import { rowCounts } from '../db/idp.ts';

export type { Page } from '../api/route-query.ts';

/** The number of all rows matching a list's query, selected beside each row of the page (one query for both). */
export const totalCount = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * A page of `{ row, total }` (see totalCount) as items and the total. A page past the end has no row to carry the
 * total: then `countAll` counts.
 */
export const pageOf = async <Row, Item>(rows: { row: Row; total: number }[], to: (row: Row) => Item, countAll: () => Promise<number>) => ({
  items: rows.map(({ row }) => to(row)),
  total: rows[0]?.total ?? (await countAll()),
});

/** Answers one page of a list, with the number of all matching items in `Total-Number`. */
export const sendPage = <T>(c: Context, { items, total }: { items: T[]; total: number }) => {
  c.header(totalNumberHeader, String(total));
  return c.json(items);
};

/** Text as a LIKE pattern matching it literally. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A case-insensitive substring match of a lower-cased expression (a pg_trgm index serves it); none without `q`. */
export const containing = (expression: SQL, q: string | undefined): SQL | undefined =>
  q ? sql`${expression} like ${`%${likeEscaped(q.toLowerCase())}%`}` : undefined;

/** The tables whose rows each tenant has counted for it (migration 0013). */
export type CountedTable = 'users' | 'resources';

/** The tenant's kept number of rows of `table`, as a scalar subquery. */
export const keptCount = (table: CountedTable, tenantId: string | Placeholder) =>
  sql<number>`coalesce((select ${rowCounts.count} from ${rowCounts} where ${rowCounts.tenantId} = ${tenantId} and ${rowCounts.tableName} = ${table}), 0)`.mapWith(Number);

/** The tenant's kept number of rows of `table`. */
export const countKept = async (db: Db, table: CountedTable, tenantId: string) =>
  (await db.select({ value: rowCounts.count }).from(rowCounts).where(and(eq(rowCounts.tenantId, tenantId), eq(rowCounts.tableName, table))))[0]?.value ?? 0;

