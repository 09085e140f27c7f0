import pg from 'pg';
import { expect } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { errorBodyGuard } from '#schemas/error.ts';
import { startServer, type GatehouseServer } from '#server/app.ts';
import { loadConfig, type ServerConfig } from '#server/config.ts';
import type { Edition } from '#schemas/config.ts';
import { generateId } from '#server/ids.ts';
import { startBreachedRange } from '../support/breached-range.ts';
import { decodeJwt, signUp, type ConsoleSession } from '../support/oidc-client.ts';
import { freePort } from '../support/server.ts';
import { templateDump } from '../support/pglite-template.ts';

export const postgresUrl = process.env.DATABASE_URL || undefined;

/** The same server with another database. */
const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.href;
};

const onPostgres = async (sql: string) => {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

/**
 * A fresh PostgreSQL database (dropped by the returned function) when DATABASE_URL is set; otherwise undefined. A
 * database rather than a schema: the migrations create schemas of their own (idp) and extensions.
 */
export const freshPostgresSchema = async () => {
  if (!postgresUrl) return undefined;
  const database = `gatehouse_test_${generateId(12)}`;
  await onPostgres(`create database ${database}`);
  return {
    url: withDatabase(postgresUrl, database),
    drop: () => onPostgres(`drop database if exists ${database} with (force)`),
  };
};

export type TestServer = GatehouseServer & { config: ServerConfig };

/**
 * Starts the server in this process on in-memory PGlite (from the run's migrated template, when there is one), or on a
 * fresh PostgreSQL schema when DATABASE_URL is set. Its breached-password lookup asks a local range stub that lists
 * nothing, unless `env` names another BREACHED_PASSWORDS_URL.
 */
export const startTestServer = async (edition: Edition, env: Record<string, string> = {}): Promise<TestServer> => {
  const port = await freePort();
  const schema = await freshPostgresSchema();
  const breachedRange = env.BREACHED_PASSWORDS_URL ? undefined : await startBreachedRange();
  const config = loadConfig({
    PORT: String(port),
    EDITION: edition,
    PGLITE_DIR: 'memory://',
    DATABASE_URL: schema?.url ?? '',
    BREACHED_PASSWORDS_URL: breachedRange?.url ?? '',
    ...env,
  });
  const server = await startServer({ ...config, pgliteTemplate: schema ? undefined : await templateDump() });
  return {
    ...server,
    config,
    close: async () => {
      await server.close();
      await breachedRange?.stop();
      await schema?.drop();
    },
  };
};

export const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const bearer = (token: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` },
});

let counter = 0;
/** A unique account for one test. */
export const newAccount = (prefix = 'user') => {
  counter += 1;
  const name = `${prefix}_${generateId(12).slice(0, 6)}${counter}`;
  return { username: name, email: `${name}@example.com`, password: 'Correct-Horse-42' };
};

/** Asserts an error response `{ code, message }` with the given status and code; returns the body. */
export const expectError = async (response: Response, status: number, code: string) => {
  const body = errorBodyGuard.parse(await response.json());
  expect({ status: response.status, code: body.code }).toEqual({ status, code });
  expect(body.message).toEqual(expect.any(String));
  return body;
};

/** A JSON request with a bearer token; a string body is sent as it is (for malformed JSON). */
export const call = (url: string, token: string | undefined, method: string, body?: unknown) =>
  fetch(url, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });

export type TestUser = { session: ConsoleSession; id: string; email: string; cloudToken: () => Promise<string> };

/** Signs up a new cloud account through the real sign-up page. */
export const signUpUser = async (server: TestServer, prefix: string): Promise<TestUser> => {
  const account = newAccount(prefix);
  const session = await signUp(server.url, account, { edition: server.config.edition });
  return {
    session,
    id: String(decodeJwt(session.initial.id_token!).sub),
    email: account.email,
    cloudToken: () => session.accessToken(resourceIndicators.cloud),
  };
};
