import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerConfig } from './config.ts';

/**
 * The key that seals secrets the server must read back (connectors' confidential config values): AES-256-GCM, held
 * outside the database row. From `SECRETS_KEY` (32 bytes, base64url); unset, a key file made on first start next to the
 * PGlite data (`$PGLITE_DIR/secrets.key`) or `./.data/secrets.key` with PostgreSQL, mode 0600; with `memory://` PGlite,
 * a random key for this process.
 */
export type SecretsKey = { id: string; key: Buffer };

const keyLength = 32;
const version = 'v1';

/** Every key this process has loaded, by id: a sealed value names its key, so any server of the process opens it. */
const loadedKeys = new Map<string, Buffer>();

const keyOf = (key: Buffer): SecretsKey => {
  const id = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  loadedKeys.set(id, key);
  return { id, key };
};

/** Reads SECRETS_KEY: 32 bytes in base64url, or nothing. */
export const parseSecretsKey = (value: string | undefined) => {
  if (value === undefined || value === '') return undefined;
  const key = /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url') : undefined;
  if (key?.length !== keyLength) throw new Error('SECRETS_KEY must be 32 bytes in base64url (43 characters), e.g. from `openssl rand -base64 32 | tr "+/" "-_" | tr -d =`');
  return value;
};

const readOrMakeKeyFile = async (file: string) => {
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing !== undefined) return Buffer.from(parseSecretsKey(existing.trim()) ?? '', 'base64url');
  await mkdir(path.dirname(file), { recursive: true });
  const key = randomBytes(keyLength);
  // `wx`: when two processes start at once, the second fails here and reads the first one's key.
  return writeFile(file, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' }).then(
    () => key,
    async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
      return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
    },
  );
};

/** The server's secrets key, as the settings say (see the type). */
export const loadSecretsKey = async (config: Pick<ServerConfig, 'secretsKey' | 'databaseUrl' | 'pgliteDir'>): Promise<SecretsKey> => {
  if (config.secretsKey) return keyOf(Buffer.from(config.secretsKey, 'base64url'));
  if (!config.databaseUrl && config.pgliteDir.startsWith('memory://')) return keyOf(randomBytes(keyLength));
  const folder = config.databaseUrl ? path.resolve('.data') : config.pgliteDir;
  return keyOf(await readOrMakeKeyFile(path.join(folder, 'secrets.key')));
};

/** Seals `plain` under the key; `context` (e.g. the tenant and the row) must be given again to open it. */
export const seal = ({ id, key }: SecretsKey, plain: string, context: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [version, id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
};

/** Opens a sealed value, or answers undefined when its key is not loaded or it was not sealed for `context`. */
export const open = (sealed: string, context: string) => {
  const [tag, id, iv, authTag, data] = sealed.split('.');
  const key = id && loadedKeys.get(id);
  if (tag !== version || !key || !iv || !authTag || data === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
};
