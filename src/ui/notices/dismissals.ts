import { useCallback, useState } from 'react';
import * as z from 'zod/mini';
import { storageKeys } from '#schemas/constants.ts';

export type DismissibleNotice = 'usageExceeded' | 'paymentOverdue';

const dismissedGuard = z.array(z.string());
const entryOf = (notice: DismissibleNotice, tenantId: string) => `${notice}:${tenantId}`;

/** The notices dismissed in this browser session; unreadable storage counts as none. */
export function readDismissed(storage: Storage): string[] {
  try {
    const parsed = dismissedGuard.safeParse(JSON.parse(storage.getItem(storageKeys.dismissedNotices) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * Notices dismissed for the session, per tenant (spec 01 §4): kept in session storage, so a remount or another page of
 * the console does not bring them back, and a new session does.
 */
export function useDismissals(storage: Storage = window.sessionStorage) {
  const [dismissed, setDismissed] = useState(() => readDismissed(storage));
  const isDismissed = useCallback((notice: DismissibleNotice, tenantId: string) => dismissed.includes(entryOf(notice, tenantId)), [dismissed]);
  const dismiss = useCallback(
    (notice: DismissibleNotice, tenantId: string) => {
      const next = [...new Set([...readDismissed(storage), entryOf(notice, tenantId)])];
      storage.setItem(storageKeys.dismissedNotices, JSON.stringify(next));
      setDismissed(next);
    },
    [storage],
  );
  return { isDismissed, dismiss };
}
