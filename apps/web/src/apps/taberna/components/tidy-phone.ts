import { checkPhone, formatPhone } from '@portal/contracts';

/**
 * What the phone field shows once the person leaves it (issue 25), read as the server reads it
 * with the country chosen: a valid number written the usual way; one that only looks like a phone
 * as typed; anything else with the same plain message (and example) the server would give.
 */
export function tidyPhone(typed: string, country: string | null): { value: string; error?: string } {
  if (!typed.trim()) return { value: typed };
  const checked = checkPhone(typed, country);
  if (!checked.ok) return { value: typed, error: checked.message };
  return { value: checked.verified ? formatPhone(checked.phone) : checked.phone };
}
