/**
 * The users list and the audit log at scale (issue 14), on PGlite and on PostgreSQL:
 * - seeding 100,000 users in one tenant (`npm run seed:users`), beside 10,000 in another tenant (noise);
 * - GET /users page 1, page 50, a search for a fragment of one e-mail, and a search for an exact user id;
 * - with 1,000,000 audit logs seeded (`npm run ops -- seed-logs`): GET /logs page 1 with the capped count, without
 *   and with a user filter.
 * Requests are sent one at a time after ten warm-up requests (scripts/bench/http.ts), once the seeded rows are written
 * out (settleSeeding). `node scripts/bench/users.ts` runs this part alone.
 */
import { fileURLToPath } from 'node:url';
import { organizationIdOf } from '#schemas/constants.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { benchAccount } from './account.ts';
import { timeGets, type Answer, type Timing } from './http.ts';
import { onEachDatabase, settleSeeding } from './load.ts';

const users = 100_000;
const noiseUsers = 10_000;
const logs = 1_000_000;
/** Logs are seeded in parts, each one ops call well within a request's time. */
const logsPerCall = 200_000;
const ms = (value: number) => `${value.toFixed(1)} ms`;

export type UsersFigures = {
  database: 'PGlite' | 'PostgreSQL';
  seedSeconds: number;
  logsSeedSeconds: number;
  firstPage: Timing;
  page50: Timing;
  emailSearch: Timing;
  idSearch: Timing;
  logsPage: Timing;
  userLogsPage: Timing;
};

const rows = (body: unknown) => (Array.isArray(body) ? (body as Record<string, unknown>[]) : []);

const seed = async (server: RunningServer, argv: string[]) => (await server.ops(argv)) as { seconds: number; run?: string };

const measure = async (database: UsersFigures['database'], options: { dataDir?: string; databaseUrl?: string }): Promise<UsersFigures> => {
  const server = await startServer({ edition: 'cloud', ...options });
  try {
    const { session, createTenant } = await benchAccount(server.url, 'users');
    const tenantId = await createTenant('Users');
    const noiseTenantId = await createTenant('Noise');
    console.log(`  ${database}: seeding ${users.toLocaleString('en')} users (and ${noiseUsers.toLocaleString('en')} in another tenant)…`);
    await seed(server, ['seed-users', noiseTenantId, '--count', String(noiseUsers)]);
    const { seconds: seedSeconds, run } = await seed(server, ['seed-users', tenantId, '--count', String(users)]);
    console.log(`  ${database}: seeding ${logs.toLocaleString('en')} audit logs…`);
    let logsSeedSeconds = 0;
    for (let seeded = 0; seeded < logs; seeded += logsPerCall) {
      logsSeedSeconds += (await seed(server, ['seed-logs', tenantId, '--count', String(Math.min(logsPerCall, logs - seeded))])).seconds;
    }

    await settleSeeding(options);
    const token = await session.organizationToken(organizationIdOf(tenantId));
    const headers = { authorization: `Bearer ${token}` };
    const api = `${server.url}/m/${tenantId}/api`;
    const total = (expected: number) => ({ headers: answered }: Answer) =>
      answered['total-number'] === String(expected) ? undefined : `Total-Number ${answered['total-number']}, not ${expected}`;
    const firstPage = await timeGets(`${api}/users?page=1&page_size=20`, headers, total(users));
    const page50 = await timeGets(`${api}/users?page=50&page_size=20`, headers, total(users));
    // One e-mail in the middle of the set: user{n}.{run}@example.com.
    const middle = `user${users / 2 + 123}.${run}`;
    const emailSearch = await timeGets(`${api}/users?q=${encodeURIComponent(middle)}`, headers, (_, body) =>
      rows(body).length === 1 && String(rows(body)[0]!.primaryEmail).startsWith(middle) ? undefined : `found ${rows(body).length} users for ${middle}`,
    );
    const someone = rows(await (await fetch(`${api}/users?page=777&page_size=20`, { headers })).json())[7]!;
    const idSearch = await timeGets(`${api}/users?q=${someone.id as string}`, headers, (_, body) =>
      rows(body)[0]?.id === someone.id ? undefined : `did not find ${someone.id as string}`,
    );
    const capped = ({ headers: answered }: Answer, body: unknown) =>
      rows(body).length === 20 && answered['total-number-is-capped'] === 'true' ? undefined : `${rows(body).length} logs, not capped`;
    const logsPage = await timeGets(`${api}/logs?page=1&page_size=20&enableCap=true`, headers, capped);
    const userId = rows(await (await fetch(`${api}/logs?page=1&page_size=1`, { headers })).json())[0]!.payload as { userId: string };
    const userLogsPage = await timeGets(`${api}/logs?page=1&page_size=20&enableCap=true&userId=${userId.userId}`, headers, (_, body) =>
      rows(body).length === 20 && rows(body).every((log) => (log.payload as { userId?: string }).userId === userId.userId) ? undefined : 'not the user\'s 20 logs',
    );
    return { database, seedSeconds, logsSeedSeconds, firstPage, page50, emailSearch, idSearch, logsPage, userLogsPage };
  } finally {
    await server.stop();
  }
};

export const benchUsers = async () => {
  const figures = await onEachDatabase(measure);
  for (const f of figures) {
    const line = (what: string, figure: string, budget: string) => console.log(`  ${f.database}: ${what}: ${figure} (budget ${budget})`);
    line(`seeding ${users.toLocaleString('en')} users`, `${f.seedSeconds.toFixed(1)} s`, '< 60 s');
    line('GET /users page 1 at 100,000 users, p50 / p95', `${ms(f.firstPage.p50)} / ${ms(f.firstPage.p95)}`, '≤ 5 / 10 ms');
    line('GET /users page 50, p50 / p95', `${ms(f.page50.p50)} / ${ms(f.page50.p95)}`, '(none)');
    line('GET /users search for a fragment of one e-mail, p50 / p95', `${ms(f.emailSearch.p50)} / ${ms(f.emailSearch.p95)}`, '≤ 10 ms p50');
    line('GET /users search for an exact user id, p50 / p95', `${ms(f.idSearch.p50)} / ${ms(f.idSearch.p95)}`, '(none)');
    line(`seeding ${logs.toLocaleString('en')} audit logs`, `${f.logsSeedSeconds.toFixed(1)} s`, '(none)');
    line('GET /logs page 1 at 1,000,000 logs, capped count, p50 / p95', `${ms(f.logsPage.p50)} / ${ms(f.logsPage.p95)}`, '≤ 15 ms p95');
    line('the same filtered by a user, p50 / p95', `${ms(f.userLogsPage.p50)} / ${ms(f.userLogsPage.p95)}`, '≤ 15 ms p95');
  }
  return figures;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('Users and audit logs at scale:');
  await benchUsers();
}
