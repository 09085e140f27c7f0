/**
 * Social sign-in against another tenant on this machine (issue 24's budget), on PGlite (a data folder) and on
 * PostgreSQL (DATABASE_URL or 127.0.0.1:5432, in a database of its own): tenant B is tenant A's OpenID Connect
 * provider (discovery, a Traditional app, PKCE, the ID token verified). Each sign-in starts at A's page and goes to B,
 * where the browser already has a session, and B sends it back to A's callback; the figure is the callback's request
 * until the redirect to A's app (the state checked, the code exchanged at B, the user found, the interaction ended),
 * p95 of 50 after 5 to warm up. The server runs in this process. `node scripts/bench/social-sign-in.ts` runs this alone.
 */
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { hashPassword } from '#server/accounts/password-sign-in.ts';
import { startServer } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { tenants } from '#server/db/schema.ts';
import { generateId } from '#server/ids.ts';
import { loadSecretsKey } from '#server/secrets-key.ts';
import { socialCallbackUri } from '#server/tenant/connectors/callback-uri.ts';
import { oidcFactory } from '#server/tenant/connectors/factories/social/oidc.ts';
import { confidentialKeys, sealConfig } from '#server/tenant/connectors/sealed-config.ts';
import { insertConnectorRow } from '#server/tenant/connectors/store.ts';
import { createTenantKeys, loadTenantKeys } from '#server/tenant-runtime/keys.ts';
import { readSignInExperience, writeSignInExperience } from '#server/tenant/sign-in-experience/store.ts';
import { insertUser } from '#server/tenant/users/store.ts';
import { Browser } from '#tests/support/oidc-client.ts';
import { freePort } from '#tests/support/server.ts';
import { tenantData } from '#tests/server/tenant-runtime-support.ts';
import { onEachDatabase } from './load.ts';

const signIns = 50;
const warmUp = 5;
const redirectUri = 'https://app.bench.test/callback';
const password = 'Bench!pass-9x';

const at = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;

export type SocialSignInFigures = { database: string; callbackP95: number };

const measure = async (database: string, { dataDir, databaseUrl }: { dataDir?: string; databaseUrl?: string }): Promise<SocialSignInFigures> => {
  const port = await freePort();
  const config = loadConfig({ PORT: String(port), EDITION: 'cloud', PGLITE_DIR: dataDir ?? '', DATABASE_URL: databaseUrl ?? '' });
  const server = await startServer(config);
  try {
    const [a, b] = [generateId(12), generateId(12)];
    for (const id of [a, b]) {
      await server.db.insert(tenants).values({ id, name: `Bench ${id}`, tag: 'development', regionName: 'EU', planId: 'development' });
      await createTenantKeys(server.db, id);
      await loadTenantKeys(server.db, id);
    }
    const appId = await tenantData(server.db, a).application('SPA', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
    const callbackUri = socialCallbackUri(config.publicUrl, a, 'tenant-b');
    const clientId = await tenantData(server.db, b).application('Traditional', { oidcClientMetadata: { redirectUris: [callbackUri], postLogoutRedirectUris: [] } });
    const clientSecret = await tenantData(server.db, b).secret(clientId);
    const checked = oidcFactory.checkConfig({ issuer: `${server.url}/t/${b}/oidc`, clientId, clientSecret, scope: 'openid profile email' });
    if (!checked.ok) throw new Error('the connector config was refused');
    const sealed = sealConfig(await loadSecretsKey(config), a, 'tenant-b', checked.config, confidentialKeys(oidcFactory.info.formItems));
    await insertConnectorRow(server.db, a, { id: 'tenant-b', connectorId: 'oidc', type: 'Social', target: 'tenant-b', platform: 'Universal', syncProfile: true, ...sealed, metadata: { target: 'tenant-b' } });
    const { settings } = await readSignInExperience(server.db, a, 'cloud');
    await writeSignInExperience(server.db, a, { ...settings, socialSignInConnectorTargets: ['tenant-b'], socialSignIn: { skipRequiredIdentifiers: true } });
    await insertUser(server.db, b, { username: 'bench_provider', passwordEncrypted: await hashPassword(password), passwordEncryptionMethod: 'Argon2id' });

    console.log(`  ${database}: ${signIns} social sign-ins through another tenant…`);
    const browser = new Browser(server.url);
    const callbacks: number[] = [];
    for (let run = 0; run < warmUp + signIns; run += 1) {
      const verifier = randomBytes(32).toString('base64url');
      const query = new URLSearchParams({
        client_id: appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid profile',
        prompt: 'login',
        state: randomBytes(8).toString('base64url'),
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      });
      const auth = `${server.url}/t/${a}/oidc/auth?${query}`;
      const page = await browser.follow(await browser.request(auth), auth, redirectUri);
      await page.response.arrayBuffer();
      const social = `${page.url}/social`;
      let toCallback = await browser.follow(await browser.postForm(social, { target: 'tenant-b' }), social, callbackUri);
      // The first time only: B asks the browser to sign in.
      if (!toCallback.url.startsWith(callbackUri)) {
        await toCallback.response.arrayBuffer();
        const form = `${toCallback.url}/password`;
        toCallback = await browser.follow(await browser.postForm(form, { identifier: 'bench_provider', password }), form, callbackUri);
      }
      const started = performance.now();
      const done = await browser.follow(await browser.request(toCallback.url), toCallback.url, redirectUri);
      if (run >= warmUp) callbacks.push(performance.now() - started);
      if (!done.url.startsWith(redirectUri) || !new URL(done.url).searchParams.get('code')) throw new Error(`the callback ended at ${done.url} (${done.response.status})`);
    }
    return { database, callbackP95: at(callbacks, 95) };
  } finally {
    await server.close();
  }
};

/** The figures on PGlite, then on PostgreSQL when one answers. */
export const benchSocialSignIn = async () => {
  const figures = await onEachDatabase(measure);
  for (const { database, callbackP95 } of figures) {
    console.log(`  ${database}: social callback (code exchange at another tenant) until the redirect to the app p95 ${callbackP95.toFixed(1)} ms (budget ≤ 100 ms)`);
  }
  return figures;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('Social sign-in:');
  await benchSocialSignIn();
  process.exit(0);
}
