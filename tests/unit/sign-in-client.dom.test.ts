import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { isAuthError } from '#machines/session-errors.ts';
import { createLogtoClient } from '#src/auth/logto.ts';

/** The console's sign-in client, for real, against an issuer that answers as each test needs. */
type TokenHandler = (response: ServerResponse) => void;

const appId = 'admin-console';
const storageKey = (item: string) => `logto:${appId}:${item}`;
let server: Server;
let endpoint: string;
let answerToken: TokenHandler;
let sent: Array<string | null>;

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};
const tokens = (response: ServerResponse, accessToken: string, refreshToken: string) =>
  json(response, 200, { access_token: accessToken, refresh_token: refreshToken, expires_in: 3600, token_type: 'Bearer', scope: '' });
const refuse = (response: ServerResponse) => json(response, 400, { error: 'invalid_grant', error_description: 'grant request is invalid' });
/** The connection drops before any answer, as when the page's request is aborted. */
const drop = (response: ServerResponse) => response.socket?.destroy();

const readForm = async (request: IncomingMessage) => {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    if (request.url === '/oidc/.well-known/openid-configuration') {
      const oidc = `${endpoint}/oidc`;
      return json(response, 200, {
        issuer: oidc, authorization_endpoint: `${oidc}/auth`, token_endpoint: `${oidc}/token`, userinfo_endpoint: `${oidc}/me`,
        end_session_endpoint: `${oidc}/session/end`, revocation_endpoint: `${oidc}/token/revocation`, jwks_uri: `${oidc}/jwks`,
      });
    }
    const form = await readForm(request);
    sent.push(form.get('refresh_token'));
    answerToken(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  sent = [];
  localStorage.clear();
  localStorage.setItem(storageKey('idToken'), 'id-token');
  localStorage.setItem(storageKey('refreshToken'), 'rt-1');
});

const client = () => createLogtoClient({ edition: 'cloud', endpoint, appId, version: '1.24.0', releaseInfoUrl: '', isDevMode: false }, { delay: () => 0 });
/** Answers the token requests in turn. */
const answers = (...handlers: TokenHandler[]) => {
  answerToken = (response) => handlers[sent.length - 1]!(response);
};

describe('the console sign-in client recovers a failed refresh', () => {
  test('a dropped refresh is tried again: the token comes, and the rotated refresh token is kept', async () => {
    answers(drop, (response) => tokens(response, 'at-cloud', 'rt-2'));
    await expect(client().getAccessToken('urn:gatehouse:api:cloud')).resolves.toBe('at-cloud');
    expect(sent).toEqual(['rt-1', 'rt-1']);
    expect(localStorage.getItem(storageKey('refreshToken'))).toBe('rt-2');
  });

  test('organization tokens, and their claims, go the same way', async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const organizationToken = `${part({ alg: 'RS256' })}.${part({ jti: 'j1', iss: 'i', sub: 'u1', aud: 'urn:logto:organization:t-t1', exp: 9e9, iat: 1, scope: 'read:data' })}.sig`;
    answers(
      (response) => json(response, 503, { error: 'server_error' }),
      (response) => tokens(response, organizationToken, 'rt-2'),
    );
    await expect(client().getOrganizationTokenClaims('t-t1')).resolves.toMatchObject({ scope: 'read:data' });
    expect(sent).toEqual(['rt-1', 'rt-1']);
  });

  test('a refusal after another tab rotated the refresh token is tried again with the rotated one', async () => {
    answers(
      (response) => {
        localStorage.setItem(storageKey('refreshToken'), 'rt-2');
        refuse(response);
      },
      (response) => tokens(response, 'at-cloud', 'rt-3'),
    );
    await expect(client().getAccessToken('urn:gatehouse:api:cloud')).resolves.toBe('at-cloud');
    expect(sent).toEqual(['rt-1', 'rt-2']);
  });

  test('a refusal of the stored refresh token is thrown at once, as an error that signs in again', async () => {
    answers(refuse, (response) => tokens(response, 'at-cloud', 'rt-2'));
    const failure = await client().getAccessToken('urn:gatehouse:api:cloud').catch((error: unknown) => error);
    expect(isAuthError(failure)).toBe(true);
    expect(sent).toEqual(['rt-1']);
  });

  test('a refresh that keeps failing ends as an error that does not sign in again', async () => {
    answers(drop, drop, drop);
    const failure = await client().getAccessToken('urn:gatehouse:api:cloud').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(isAuthError(failure)).toBe(false);
    expect(sent).toHaveLength(3);
    expect(localStorage.getItem(storageKey('refreshToken'))).toBe('rt-1');
  });
});
