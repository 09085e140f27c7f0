import { storageKeys } from '#schemas/constants.ts';
import type { CheckoutRecord } from '#schemas/checkout-record.ts';

/** The checkout session record in session storage (spec 01 §3), kept from the checkout start to its success callback. */
export const checkoutRecordStorage = {
  /** The stored JSON as it is: the success callback checks it. */
  read: (): string | null => sessionStorage.getItem(storageKeys.checkoutSession),
  save: (record: CheckoutRecord) => sessionStorage.setItem(storageKeys.checkoutSession, JSON.stringify(record)),
  clear: () => sessionStorage.removeItem(storageKeys.checkoutSession),
};
