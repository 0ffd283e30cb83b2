const formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Prices and totals as money with two decimals: "19.99" or 40.8 → "$19.99", "$40.80". */
export function formatMoney(value: number | string): string {
  return formatter.format(typeof value === 'string' ? Number(value) : value);
}
