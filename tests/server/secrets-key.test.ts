import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { loadSecretsKey, open, seal } from '#server/secrets-key.ts';

const folders: string[] = [];
const newFolder = async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'secrets-key-'));
  folders.push(folder);
  return folder;
};
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

test('without SECRETS_KEY, the key is made once next to the PGlite data, readable by its owner alone, and read back', async () => {
  const pgliteDir = await newFolder();
  const first = await loadSecretsKey({ pgliteDir });
  expect((await stat(path.join(pgliteDir, 'secrets.key'))).mode & 0o777).toBe(0o600);
  const sealed = seal(first, 'smtp-password', 'connector:t1:c1');
  const again = await loadSecretsKey({ pgliteDir });
  expect(again.id).toBe(first.id);
  expect(again.key.equals(first.key)).toBe(true);
  expect(open(sealed, 'connector:t1:c1')).toBe('smtp-password');
  expect(sealed).not.toContain('smtp-password');
});

test('a sealed value opens only for its context, untouched, and under a key this process has loaded', async () => {
  const key = await loadSecretsKey({ pgliteDir: 'memory://' });
  const sealed = seal(key, 'client-secret', 'connector:t1:c1');
  expect(open(sealed, 'connector:t2:c1')).toBeUndefined();
  const parts = sealed.split('.');
  const data = Buffer.from(parts[4]!, 'base64url');
  data[0] = data[0]! ^ 1;
  expect(open([...parts.slice(0, 4), data.toString('base64url')].join('.'), 'connector:t1:c1')).toBeUndefined();
  expect(open(['v1', 'unknown0', ...parts.slice(2)].join('.'), 'connector:t1:c1')).toBeUndefined();
  expect((await loadSecretsKey({ pgliteDir: 'memory://' })).id).not.toBe(key.id);
});

test('SECRETS_KEY is 32 bytes in base64url; anything else stops the server from starting', async () => {
  const value = randomBytes(32).toString('base64url');
  const config = loadConfig({ SECRETS_KEY: value, PGLITE_DIR: 'memory://' });
  const key = await loadSecretsKey(config);
  expect(key.key.toString('base64url')).toBe(value);
  for (const bad of ['short', randomBytes(16).toString('base64url'), `${value.slice(0, 42)}+`]) {
    expect(() => loadConfig({ SECRETS_KEY: bad })).toThrow(/SECRETS_KEY must be 32 bytes in base64url/);
  }
});
