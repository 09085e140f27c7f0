const units = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

/** A number of seconds in days, hours, minutes and seconds, in the reader's language ("1 day, 2 hours"). */
export const durationParts = (seconds: number) => (locale: string) => {
  let rest = Math.max(0, Math.floor(seconds));
  const parts: string[] = [];
  for (const [unit, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count) parts.push(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(count));
  }
  return new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format(parts.length ? parts : [new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(0)]);
};
