import type { StoredCard } from '#server/db/billing-schema.ts';

/** The test cards the local checkout accepts, as the usual providers' test modes define them. */
export const testCards = {
  pays: '4242424242424242',
  declined: '4000000000000002',
  failsAtRenewal: '4000000000000341',
} as const;

export type CardForm = { number: string; expiry: string; cvc: string; name: string };
export type CardField = keyof CardForm;
export type CardError = 'invalidNumber' | 'unknownTestCard' | 'invalidExpiry' | 'expired' | 'invalidCvc' | 'nameRequired';

export const cardNameMaxLength = 128;

const luhn = (digits: string) => {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
};

/** `MM/YY` (spaces allowed) to month and four-digit year. */
const parseExpiry = (value: string) => {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  return month >= 1 && month <= 12 ? { month, year: 2000 + Number(match[2]) } : undefined;
};

export type CardCheck =
  | { ok: true; card: StoredCard; declined: boolean }
  | { ok: false; errors: Partial<Record<CardField, CardError>> };

/**
 * Checks the card form. A well-formed test card is accepted (declined when it is the declining test card); any other
 * number is refused on its field, since no real card can be charged here.
 */
export const checkCard = (form: CardForm, now = new Date()): CardCheck => {
  const errors: Partial<Record<CardField, CardError>> = {};
  const number = form.number.replace(/[\s-]/g, '');
  const knownCards: readonly string[] = Object.values(testCards);
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) errors.number = 'invalidNumber';
  else if (!knownCards.includes(number)) errors.number = 'unknownTestCard';
  const expiry = parseExpiry(form.expiry);
  if (!expiry) errors.expiry = 'invalidExpiry';
  else if (Date.UTC(expiry.year, expiry.month) <= now.getTime()) errors.expiry = 'expired';
  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = 'invalidCvc';
  const name = form.name.trim().slice(0, cardNameMaxLength);
  if (!name) errors.name = 'nameRequired';
  if (Object.keys(errors).length > 0 || !expiry) return { ok: false, errors };
  const card: StoredCard = {
    brand: 'Visa',
    last4: number.slice(-4),
    expiry: `${String(expiry.month).padStart(2, '0')}/${String(expiry.year % 100).padStart(2, '0')}`,
    name,
    failsAtRenewal: number === testCards.failsAtRenewal,
  };
  return { ok: true, card, declined: number === testCards.declined };
};
