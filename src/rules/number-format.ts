/** Number display of spec 01 §9. `locale` picks the separators; the rules' tests use 'en'. */

const fixed = (locale: string, digits: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** With thousands separators; integers as they are, other numbers with two decimals: 50000 -> '50,000'. */
export const formatNumber = (value: number, locale = 'en') =>
  Number.isInteger(value) ? new Intl.NumberFormat(locale).format(value) : fixed(locale, 2).format(value);

/** From here a value rounds to 1,000.0K, so it is shown in M. */
const roundsToMillion = 999_950;

/** Abbreviated from 1,000 (K) and 1,000,000 (M) with one decimal: 50000 -> '50.0K', 1500000 -> '1.5M', 999 -> '999'. */
export function formatQuantity(value: number, locale = 'en') {
  const size = Math.abs(value);
  if (size >= roundsToMillion) return `${fixed(locale, 1).format(value / 1_000_000)}M`;
  if (size >= 1_000) return `${fixed(locale, 1).format(value / 1_000)}K`;
  return formatNumber(value, locale);
}

const byteUnits = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes in 1024 steps with two decimals: 512000 -> '500.00 KB', 1536 -> '1.50 KB'; below 1 KB whole bytes. */
export function formatBytes(bytes: number, locale = 'en') {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? formatNumber(value, locale) : fixed(locale, 2).format(value)} ${byteUnits[unit]}`;
}
