const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** Contract §1.8: `%b. %d, %Y, %I:%M %p` in UTC, e.g. "Mar. 07, 2025, 02:05 PM" (the dot is literal). */
export function orderDate(date: Date): string {
  const hours = date.getUTCHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${MONTHS[date.getUTCMonth()]}. ${two(date.getUTCDate())}, ${date.getUTCFullYear()}, ${two(twelve)}:${two(date.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Contract §1.8: ISO-8601 in UTC with `Z`, microseconds only when not zero. */
export function isoUtc(date: Date): string {
  const base = date.toISOString().slice(0, 19);
  const ms = date.getUTCMilliseconds();
  return ms === 0 ? `${base}Z` : `${base}.${String(ms).padStart(3, '0')}000Z`;
}

/** Contract §1.6: `order_number` is `YYYYMMDD<order id>`, from the day the order was placed (UTC). */
export function orderNumber(placedAt: Date, id: number): string {
  return `${placedAt.getUTCFullYear()}${two(placedAt.getUTCMonth() + 1)}${two(placedAt.getUTCDate())}${id}`;
}
