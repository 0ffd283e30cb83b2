/** Money in the shop is counted in whole cents; decimals come from and go to the database as strings. */

/** "19.99" → 1999. Throws on anything that is not a plain decimal with at most two places. */
export function toCents(decimal: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new Error(`Not a money amount: ${decimal}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** 1999 → "19.99" (contract §1.9: prices are strings with two decimals). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 4080 → 40.8 (contract §1.9: cart and order totals are JSON numbers). */
export const centsToNumber = (cents: number) => cents / 100;

/** "40.80" → "40.8": `amount_paid` is the decimal as Python's str() of it would print. */
export function centsToPlain(cents: number): string {
  return String(cents / 100);
}

/** Tax on a total, rounded half up to the cent, in integer arithmetic. */
export function taxOf(totalCents: number, rateBp: number): number {
  return Math.floor((totalCents * rateBp + 5_000) / 10_000);
}
