import { checkoutStateLength } from '#schemas/constants.ts';

const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

/** A random state of letters or digits. `fill` is `crypto.getRandomValues` unless given. */
export function randomState(length: number, fill: RandomBytes = (bytes) => crypto.getRandomValues(bytes)) {
  return Array.from(fill(new Uint8Array(length)), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** The random state of a checkout (spec 01 §9): 6 letters or digits. */
export const randomCheckoutState = (fill?: RandomBytes) => randomState(checkoutStateLength, fill);
