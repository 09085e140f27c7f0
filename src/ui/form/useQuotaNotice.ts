import { useState } from 'react';
import type { ErrorCode } from '#schemas/error-codes.ts';
import { exceededQuotaKeysOf, type QuotaKey } from '#schemas/quota.ts';

/** The code the quota notice shows, to declare on the write (`handles`) whose page shows the notice. */
export const quotaHandles: ErrorCode[] = ['subscription.quota_exceeded'];

/** The quota a failed create exceeded (spec 01 §8), for the inline notice; `catch` tells whether it was one. */
export function useQuotaNotice() {
  const [exceeded, setExceeded] = useState<QuotaKey[]>();
  return {
    exceeded,
    clear: () => setExceeded(undefined),
    catch: (error: unknown) => {
      const keys = exceededQuotaKeysOf(error);
      if (keys) setExceeded(keys);
      return Boolean(keys);
    },
  };
}
