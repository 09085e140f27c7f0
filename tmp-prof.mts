import { benchAccount } from './scripts/bench/account.ts';
import { timeGets } from './scripts/bench/http.ts';
import { organizationIdOf } from './schemas/constants.ts';
import { startServer } from './tests/support/server.ts';
const server = await startServer({ edition: 'cloud', databaseUrl: 'postgres://postgres@127.0.0.1:5432/gh_probe', env: { NODE_OPTIONS: process.env.FLAGS ?? '' } });
try {
  const { session, createTenant } = await benchAccount(server.url, 'lists');
  const tenantId = await createTenant('Lists');
  const token = await session.organizationToken(organizationIdOf(tenantId));
  console.log(await timeGets(`${server.url}/m/${tenantId}/api/resources?page=1&page_size=20`, { authorization: `Bearer ${token}` }, () => undefined, { samples: 3000 }));
} finally { await server.stop(); }
