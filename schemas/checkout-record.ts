import * as z from 'zod/mini';

/**
 * What the console keeps in session storage (key `storageKeys.checkoutSession`) between starting a checkout and its
 * success callback (spec 01 §3 checkout session record): the random state the callback URL carries, the session to
 * poll, the page to return to and whether the plan change is a downgrade.
 */
export const checkoutRecordGuard = z.object({
  state: z.string(),
  sessionId: z.string(),
  callbackPage: z.optional(z.string()),
  isDowngrade: z.optional(z.boolean()),
});
export type CheckoutRecord = z.infer<typeof checkoutRecordGuard>;
