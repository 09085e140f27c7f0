import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceIndicators } from '../../schemas/constants.ts';
import { decodeJwt, signIn, signUp, startAuthorization } from '../support/oidc-client.ts';
import { newAccount, startTestServer, type TestServer } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('cloud');
});
afterAll(() => server?.close());

describe('sign-up and sign-in pages', () => {
  test('sign-up mode shows registration first, and the new account gets tokens', async () => {
    const account = newAccount();
    const pending = await startAuthorization(server.url, { edition: 'cloud', signUp: true });
    expect(pending.html).toContain('<label for="confirmPassword">Confirm password</label>');
    const result = await pending.submit('sign-up', { ...account, confirmPassword: account.password });
    expect(result.session).toBeDefined();
    const token = await result.session!.accessToken(resourceIndicators.me);
    expect(decodeJwt(token)).toMatchObject({ aud: resourceIndicators.me, scope: 'all', iss: `${server.url}/oidc` });
  });

  test('sign-in with username or e-mail', async () => {
    const account = newAccount();
    await signUp(server.url, account, { edition: 'cloud' });
    const byName = await signIn(server.url, account.username, account.password, { edition: 'cloud' });
    const byEmail = await signIn(server.url, account.email.toUpperCase(), account.password, { edition: 'cloud' });
    expect(decodeJwt(byName.initial.id_token!).sub).toBe(decodeJwt(byEmail.initial.id_token!).sub);
  });
});
