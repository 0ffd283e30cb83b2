/** The shop's currency when none is set (STORE_CURRENCY). */
export const DEFAULT_CURRENCY = 'USD';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A price or total as money (issue 25): the amount in `currency` (ISO 4217) written the way
 * `locale` writes money — "19.99" in USD for en-US is "$19.99", in EUR for pt-PT "19,99 €". The
 * amount is the contract's decimal string or number; it is only formatted, never computed with.
 */
export function formatMoney(value: number | string, currency = DEFAULT_CURRENCY, locale = 'en-US'): string {
  const key = `${locale} ${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 });
    formatters.set(key, formatter);
  }
  return formatter.format(typeof value === 'string' ? Number(value) : value);
}
