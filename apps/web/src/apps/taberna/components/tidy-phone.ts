import { formatPhone, normalisePhone, PHONE_MESSAGES } from '@portal/contracts';

/**
 * What the phone field shows once the person leaves it: their number written the usual way, or
 * the same plain message the server would give. The server stores the number in E.164.
 */
export function tidyPhone(typed: string): { value: string; error?: string } {
  if (!typed.trim()) return { value: typed };
  const number = normalisePhone(typed);
  return number ? { value: formatPhone(number) } : { value: typed, error: PHONE_MESSAGES.invalid };
}
