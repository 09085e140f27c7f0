import type { Edition } from '#schemas/config.ts';
import type { Translation } from '#schemas/custom-phrases.ts';
import type { SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import type { Db } from '#server/db/client.ts';
import { Lru } from '#server/tenant-runtime/lru.ts';
import { customPhraseStamps, findCustomPhrase, readSignInExperience, signInExperienceVersion } from './store.ts';

/**
 * What the tenant's sign-in pages read on every request (sign-in-experience.md §9), cached per database handle (so per
 * process) and per tenant: each call reads only a version from the database and answers the cached document while that
 * version is unchanged. A write in any process changes the version in the database, so every process sees it on its
 * next request; nothing is notified, and nothing is stale for longer than one request.
 */

/** How many tenants' documents (and languages' phrases) a process keeps; a document holds up to 64 KiB of CSS. */
export const cachedTenantsMax = 500;

type Entry<T> = { stamp: number; value: T };

const cachesOf = <T>() => {
  const caches = new WeakMap<Db, Lru<string, Entry<T>>>();
  return (db: Db) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = new Lru(cachedTenantsMax);
      caches.set(db, cache);
    }
    return cache;
  };
};

/** Shared by every caller: frozen, so that a caller changing it fails at once rather than changes it for the rest. */
const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
};

/** A frozen copy: the defaults a document is read over are shared objects, not to be frozen for their other users. */
const frozenCopy = <T>(value: T): T => deepFreeze(structuredClone(value));

const settingsCache = cachesOf<SignInExperienceSettings>();
const phrasesCache = cachesOf<Translation>();

/** The tenant's sign-in experience as its pages follow it (its edition's defaults until it is first saved); frozen. */
export const signInExperienceSettingsOf = async (db: Db, tenantId: string, edition: Edition): Promise<SignInExperienceSettings> => {
  const cache = settingsCache(db);
  const key = `${edition}:${tenantId}`;
  const version = await signInExperienceVersion(db, tenantId);
  const cached = cache.get(key);
  if (cached?.stamp === version) return cached.value;
  // The document with its own version, read in one statement: a write since the version above is cached as the newer.
  const read = await readSignInExperience(db, tenantId, edition);
  const value = frozenCopy(read.settings);
  cache.set(key, { stamp: read.version, value });
  return value;
};

/**
 * The tenant's custom phrases: the languages it has them for, read in one small query, and the phrases of one language
 * (undefined: none), to lay over the built-in ones; frozen. Cached by the time they were written rather than by the
 * sign-in experience's version, so that editing phrases does not make an administrator's open settings form stale
 * (its If-Match).
 */
export const customPhrasesOf = async (db: Db, tenantId: string) => {
  const cache = phrasesCache(db);
  const stamps = await customPhraseStamps(db, tenantId);
  return {
    languages: [...stamps.keys()],
    of: async (languageTag: string): Promise<Translation | undefined> => {
      const key = `${tenantId}:${languageTag}`;
      const stamp = stamps.get(languageTag);
      if (stamp === undefined) {
        cache.delete(key);
        return undefined;
      }
      const cached = cache.get(key);
      if (cached?.stamp === stamp) return cached.value;
      // Read after the stamp, so at least as new as it: cached with the older stamp, it is read again on the next call.
      const read = await findCustomPhrase(db, tenantId, languageTag);
      if (!read) return undefined;
      const value = frozenCopy(read.translation);
      cache.set(key, { stamp, value });
      return value;
    },
  };
};

export type CustomPhrasesOfTenant = Awaited<ReturnType<typeof customPhrasesOf>>;
