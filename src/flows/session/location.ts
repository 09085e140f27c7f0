import * as z from 'zod/mini';
import { consolePath, storageKeys } from '#schemas/constants.ts';
import type { SavedLocation } from '#machines/session.machine.ts';

/** The browser location relative to the console's base path (/console/profile -> /profile). */
export function consoleLocation({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>): SavedLocation {
  const relative = pathname.startsWith(consolePath) ? pathname.slice(consolePath.length) : pathname;
  return { pathname: relative.startsWith('/') ? relative : `/${relative}`, search, hash };
}

/** The public URL of a console location (with the base path). */
export const publicHref = ({ pathname, search, hash }: SavedLocation) => `${consolePath}${pathname}${search}${hash}`;

/** Redirect record (spec 01 §3): pathname, search and hash, all optional strings. */
const redirectRecordGuard = z.object({ pathname: z.optional(z.string()), search: z.optional(z.string()), hash: z.optional(z.string()) });

export function saveRedirect(storage: Storage, location: SavedLocation) {
  storage.setItem(storageKeys.redirectAfterSignIn, JSON.stringify(location));
}

/** Reads and removes the saved location; '/' when there is none or it cannot be read. */
export function takeSavedRedirect(storage: Storage): SavedLocation {
  const raw = storage.getItem(storageKeys.redirectAfterSignIn);
  storage.removeItem(storageKeys.redirectAfterSignIn);
  let record: z.infer<typeof redirectRecordGuard> = {};
  try {
    record = redirectRecordGuard.parse(JSON.parse(raw ?? '{}'));
  } catch {
    // An unreadable record falls back to the root.
  }
  const pathname = record.pathname?.startsWith('/') ? record.pathname : '/';
  return { pathname, search: record.search ?? '', hash: record.hash ?? '' };
}
