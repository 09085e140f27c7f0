/**
 * The management API's list of API resources at 1,000 resources in one tenant: page 1 (20 rows with Total-Number),
 * requested one at a time, after ten warm-up requests (scripts/bench/http.ts).
 */
import { organizationIdOf } from '#schemas/constants.ts';
import { autoanalyzeNaptimeMs } from '#server/db/autoanalyze.ts';
import type { RunningServer } from '#tests/support/server.ts';
import { benchAccount } from './account.ts';
import { timeGets, type Timing } from './http.ts';

const resources = 1000;

export type ListFigures = Timing;

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
  // The steady state: on PGlite, the planner's statistics of the new rows are there within a naptime.
  await new Promise((resolve) => setTimeout(resolve, autoanalyzeNaptimeMs + 1000));
  return timeGets(`${base}?page=1&page_size=20`, { authorization: headers.authorization }, (answer, body) =>
    answer.headers['total-number'] === String(resources) && Array.isArray(body) && body.length === 20 ? undefined : `Total-Number ${answer.headers['total-number']}`,
  );
};
