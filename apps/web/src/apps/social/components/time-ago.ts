/**
 * The contract's time texts are Django's timesince ("0\u00a0minutes", "5\u00a0minutes, 2\u00a0hours")
 * without "ago"; under a minute that reads "0 minutes ago", so it is shown as "just now".
 */
export function timeAgo(formatted: string): string {
  return /^0\s+minutes$/u.test(formatted.trim()) ? 'just now' : `${formatted} ago`;
}
