/** A price in cents as dollars with two decimals (spec 01 §9): 1600 -> '$16.00'. */
export const formatPrice = (cents: number) => {
  const dollars = Math.abs(cents) / 100;
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
};
