/**
 * The management API's list of API resources at 1,000 resources in one tenant: page 1 (20 rows with Total-Number),
 * requested one at a time, after ten warm-up requests.
 */
import { performance } from 'node:perf_hooks';
import { organizationIdOf } from '../../schemas/constants.ts';
import type { RunningServer } from '../../tests/support/server.ts';
import { benchAccount } from './account.ts';

const resources = 1000;
const samples = 200;
const warmUp = 10;

const at = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;

export type ListFigures = { p50: number; p95: number };

export const measureResourceList = async (server: RunningServer): Promise<ListFigures> => {
  const { session, createTenant } = await benchAccount(server.url, 'lists');
  const tenantId = await createTenant('Lists');
  const token = await session.organizationToken(organizationIdOf(tenantId));
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const base = `${server.url}/m/${tenantId}/api/resources`;
  // The management API is the first; 999 more, a few at a time.
  for (let next = 1; next < resources; next += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, resources - next) }, async (_, offset) => {
        const index = next + offset;
        const response = await fetch(base, { method: 'POST', headers, body: JSON.stringify({ name: `API ${index}`, indicator: `https://api-${index}.bench.test` }) });
        if (response.status !== 201) throw new Error(`creating resource ${index} answered ${response.status}`);
      }),
    );
  }
  const times: number[] = [];
  for (let run = 0; run < warmUp + samples; run += 1) {
    const started = performance.now();
    const response = await fetch(`${base}?page=1&page_size=20`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200 || response.headers.get('total-number') !== String(resources)) throw new Error(`the list answered ${response.status}`);
    if (run >= warmUp) times.push(performance.now() - started);
  }
  return { p50: at(times, 50), p95: at(times, 95) };
};
