import { checkoutStateLength } from '../../schemas/constants.ts';

const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

/** The random state of a checkout (spec 01 §9): 6 letters or digits. `fill` is `crypto.getRandomValues` unless given. */
export function randomCheckoutState(fill: RandomBytes = (bytes) => crypto.getRandomValues(bytes)) {
  return Array.from(fill(new Uint8Array(checkoutStateLength)), (byte) => alphabet[byte % alphabet.length]).join('');
}
