import { benchAccount } from './scripts/bench/account.ts';
import { startServer } from './tests/support/server.ts';
const server = await startServer({ edition: 'cloud', databaseUrl: 'postgres://postgres@127.0.0.1:5432/gh_probe' });
const { createTenant } = await benchAccount(server.url, 'users');
const tenantId = await createTenant('Users');
console.log(tenantId, JSON.stringify(await server.ops(['seed-users', tenantId, '--count', '100000'])));
console.log(JSON.stringify(await server.ops(['seed-logs', tenantId, '--count', '300000'])));
await server.stop();
