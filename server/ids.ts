import { randomInt } from 'node:crypto';

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Generated ids use lowercase letters and digits (spec 02 §9): 12 for users and tenants, 21 elsewhere. */
export const generateId = (length: 12 | 21 = 21) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
