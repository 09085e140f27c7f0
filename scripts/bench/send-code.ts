/**
 * A verification code sent from a tenant's sign-in page through its Dev mailbox connector, on PGlite (a data folder)
 * and on PostgreSQL (DATABASE_URL or 127.0.0.1:5432, in a database of its own): the identifier's POST on a code-first
 * sign-in until the message is in the dev mailbox (its row read back), p95 of 100 sends, after 10 to warm up. Each send
 * is its own authorization, to its own address, from its own client address (X-Forwarded-For, the server trusting its
 * proxy), so the limits on sending (5 per address, 10 per client in 15 minutes) do not apply. The server runs in this
 * process. `node scripts/bench/send-code.ts` runs this alone.
 */
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { devMailbox } from '#server/db/schema.ts';
import { insertConnectorRow } from '#server/tenant/connectors/store.ts';
import { readSignInExperience, writeSignInExperience } from '#server/tenant/sign-in-experience/store.ts';
import { authorize } from '#tests/support/oidc-client.ts';
import { onEachDatabase } from './load.ts';
import { percentile } from './figures.ts';
import { benchTenant } from './sign-in.ts';

const sends = 100;
const warmUp = 10;

export type SendCodeFigures = { database: string; sendP95: number };

const measure = async (database: string, options: { dataDir?: string; databaseUrl?: string }): Promise<SendCodeFigures> => {
  const { server, tenantId, client } = await benchTenant(options, { TRUST_PROXY: '1' });
  try {
    const { settings } = await readSignInExperience(server.db, tenantId, 'cloud');
    await writeSignInExperience(server.db, tenantId, {
      ...settings,
      signIn: { methods: [{ identifier: 'email', password: false, verificationCode: true, isPasswordPrimary: false }] },
    });
    await insertConnectorRow(server.db, tenantId, {
      id: 'bench-mail',
      connectorId: 'dev-mailbox',
      type: 'Email',
      target: 'dev-mailbox',
      platform: null,
      syncProfile: false,
      config: { senderName: 'Bench' },
      sealedSecrets: null,
      metadata: {},
    });
    console.log(`  ${database}: ${sends} codes sent…`);
    const times: number[] = [];
    for (let run = 0; run < warmUp + sends; run += 1) {
      const { browser, pageUrl } = await authorize(client);
      const to = `bench-${run}@example.test`;
      const started = performance.now();
      const response = await browser.request(`${pageUrl}/identifier`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.9.${Math.floor(run / 250)}.${run % 250}` },
        body: new URLSearchParams({ identifier: to }),
      });
      await response.arrayBuffer();
      const [mail] = await server.db.select({ id: devMailbox.id }).from(devMailbox).where(eq(devMailbox.to, to));
      if (run >= warmUp) times.push(performance.now() - started);
      if (response.status !== 200 || !mail) throw new Error(`the code to ${to} was not sent (${response.status})`);
    }
    return { database, sendP95: percentile(times, 95) };
  } finally {
    await server.close();
  }
};

/** The figures on PGlite, then on PostgreSQL when one answers. */
export const benchSendCode = async () => {
  const figures = await onEachDatabase(measure);
  for (const { database, sendP95 } of figures) console.log(`  ${database}: send-code request until the message is in the dev mailbox p95 ${sendP95.toFixed(1)} ms (budget ≤ 50 ms)`);
  return figures;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('Verification code sent through the tenant Dev mailbox connector:');
  await benchSendCode();
  process.exit(0);
}
