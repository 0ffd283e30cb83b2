/** A card number as it is typed, in groups of four digits ("4242 4242 4242 4242"), at most 19 digits. */
export function spaceCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * An expiry as the card shows it once typed: "1230", "12/30" and "12 / 30" become "12/30"; what
 * is not a month and year stays as typed (the server says what is wrong with it).
 */
export function tidyExpiry(typed: string): string {
  const match = /^\s*(0[1-9]|1[0-2])\s*\/?\s*(\d{2})\s*$/.exec(typed);
  return match ? `${match[1]}/${match[2]}` : typed;
}
