import { expect } from 'vitest';
import * as z from 'zod/mini';
import { logItemGuard, type LogItem } from '#schemas/log.ts';
import { totalNumberHeader } from '#schemas/paging.ts';
import { totalNumberIsCappedHeader } from '#schemas/tenant-user.ts';
import { logs } from '#server/db/idp/logs.ts';
import { generateId } from '#server/ids.ts';
import type { ManagementApi } from './contract/management-resource.ts';
import { call, type TestServer } from './support.ts';

export const dayMs = 24 * 60 * 60 * 1000;
const logListGuard = z.array(logItemGuard);

/** A log row written straight to the database, `ago` ms before now (the runtime and the management API write the real ones). */
export type SeededLog = { key: string; userId?: string; applicationId?: string; ago?: number; payload?: Record<string, unknown> };

export const seedLogs = async (server: TestServer, tenantId: string, rows: SeededLog[]) => {
  const now = Date.now();
  const values = rows.map(({ key, userId, applicationId, ago = 0, payload = {} }) => ({
    tenantId,
    id: generateId(21),
    key,
    result: 'Success' as const,
    userId: userId ?? null,
    applicationId: applicationId ?? null,
    payload: { key, result: 'Success', ...(userId ? { userId } : {}), ...(applicationId ? { applicationId } : {}), ...payload },
    createdAt: new Date(now - ago),
  }));
  await server.db.insert(logs).values(values);
  return values.map((value) => ({ id: value.id, createdAt: value.createdAt }));
};

export const listLogs = async (api: ManagementApi, query = '') => {
  const response = await call(`${api.base}/logs${query}`, api.token, 'GET');
  expect(response.status).toBe(200);
  return {
    items: logListGuard.parse(await response.json()),
    total: Number(response.headers.get(totalNumberHeader)),
    capped: response.headers.get(totalNumberIsCappedHeader),
  };
};

export const keysOf = (items: LogItem[]) => items.map((item) => item.key);
