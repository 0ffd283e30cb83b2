import { FIELD_MESSAGES } from '@portal/contracts';

/** The API's wording (kept for other clients) in the plain words a form shows under a field. */
function plain(message: string, label: string): string {
  const what = label.toLowerCase();
  if (message === FIELD_MESSAGES.blank || message === FIELD_MESSAGES.required || message === FIELD_MESSAGES.null) {
    return `Enter your ${what}.`;
  }
  if (message === 'account with this email already exists.')
    return 'An account with this email already exists. Log in, or use another email.';
  if (message === 'account with this username already exists.') return 'Someone already has this username. Try another one.';
  if (message.startsWith('Enter a valid username.')) return 'Use only letters, digits and @ . + - _ in the username (no spaces).';
  const max = /^Ensure this field has no more than (\d+) characters\.$/.exec(message);
  if (max) return `Make the ${what} at most ${max[1]} characters long.`;
  return message;
}

/**
 * Field errors of a serializer-style body for a form: every problem of a field, each once, in
 * plain words, keyed by the form's own fields. Other keys are left to the alert.
 */
export function readableFieldErrors(body: unknown, labels: Record<string, string>): Record<string, string[]> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const errors: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    const label = labels[field];
    if (!label) continue;
    const messages = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
    errors[field] = [...new Set(messages.map((message) => plain(message, label)))];
  }
  return errors;
}
