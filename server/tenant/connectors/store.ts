import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { ConnectorMetadata, ConnectorPlatform, ConnectorType } from '#schemas/connector.ts';
import type { Db } from '#server/db/client.ts';
import { connectors } from '#server/db/idp.ts';

/** A stored connector; `config` without its confidential values, which are in `sealedSecrets` (see sealed-config.ts). */
export type ConnectorRow = typeof connectors.$inferSelect;

export type NewConnectorRow = {
  id: string;
  connectorId: string;
  type: ConnectorType;
  target: string;
  platform: ConnectorPlatform | null;
  syncProfile: boolean;
  config: Record<string, unknown>;
  sealedSecrets: string | null;
  metadata: ConnectorMetadata;
};

export type ConnectorRowPatch = Partial<Pick<ConnectorRow, 'syncProfile' | 'config' | 'sealedSecrets' | 'metadata'>>;

const ofConnector = (tenantId: string, id: string) => and(eq(connectors.tenantId, tenantId), eq(connectors.id, id));

/** The tenant's connectors, oldest first; only those of one target when given. */
export const listConnectorRows = (db: Db, tenantId: string, { target, type }: { target?: string; type?: ConnectorType } = {}) =>
  db
    .select()
    .from(connectors)
    .where(
      and(
        eq(connectors.tenantId, tenantId),
        target === undefined ? undefined : eq(connectors.target, target),
        type === undefined ? undefined : eq(connectors.type, type),
      ),
    )
    .orderBy(asc(connectors.createdAt), asc(connectors.id));

/** The types of the tenant's connectors, each once: no configs read, for a check that runs on every sign-in step. */
export const connectorTypesOf = async (db: Db, tenantId: string): Promise<Set<ConnectorType>> =>
  new Set((await db.selectDistinct({ type: connectors.type }).from(connectors).where(eq(connectors.tenantId, tenantId))).map(({ type }) => type));

export const findConnectorRow = async (db: Db, tenantId: string, id: string): Promise<ConnectorRow | undefined> => {
  const [row] = await db.select().from(connectors).where(ofConnector(tenantId, id)).limit(1);
  return row;
};

/** The tenant's e-mail or SMS connector (there is at most one of each). */
export const messageConnectorRow = async (db: Db, tenantId: string, type: 'Email' | 'Sms'): Promise<ConnectorRow | undefined> => {
  const [row] = await db
    .select()
    .from(connectors)
    .where(and(eq(connectors.tenantId, tenantId), eq(connectors.type, type)))
    .limit(1);
  return row;
};

/** The tenant's social connector of this target and platform (one at most), other than `exceptId`. */
export const clashingConnectorRow = async (db: Db, tenantId: string, target: string, platform: ConnectorPlatform | null, exceptId?: string) => {
  const [row] = await db
    .select()
    .from(connectors)
    .where(
      and(
        eq(connectors.tenantId, tenantId),
        eq(connectors.type, 'Social'),
        eq(connectors.target, target),
        sql`coalesce(${connectors.platform}, '') = ${platform ?? ''}`,
        exceptId === undefined ? undefined : ne(connectors.id, exceptId),
      ),
    )
    .limit(1);
  return row;
};

export const insertConnectorRow = async (db: Db, tenantId: string, row: NewConnectorRow) => {
  const [inserted] = await db
    .insert(connectors)
    .values({ tenantId, ...row })
    .returning();
  return inserted!;
};

export const updateConnectorRow = async (db: Db, tenantId: string, id: string, patch: ConnectorRowPatch) => {
  const [row] = await db.update(connectors).set(patch).where(ofConnector(tenantId, id)).returning();
  return row;
};

/** Deletes the connector; answers whether there was one. */
export const deleteConnectorRow = async (db: Db, tenantId: string, id: string) =>
  (await db.delete(connectors).where(ofConnector(tenantId, id)).returning({ id: connectors.id })).length > 0;

/** Deletes the tenant's e-mail or SMS connector other than `exceptId` (a new one replaces it); answers the deleted rows. */
export const deleteMessageConnectorRows = (db: Db, tenantId: string, type: 'Email' | 'Sms', exceptId: string) =>
  db
    .delete(connectors)
    .where(and(eq(connectors.tenantId, tenantId), eq(connectors.type, type), ne(connectors.id, exceptId)))
    .returning();

/** The tenant's social connectors (socialConnectorsLimit). */
export const countSocialConnectors = async (db: Db, tenantId: string) => {
  const [row] = await db
    .select({ value: count() })
    .from(connectors)
    .where(and(eq(connectors.tenantId, tenantId), eq(connectors.type, 'Social')));
  return row?.value ?? 0;
};
