/** Keys whose values are for programs, not people. */
const MACHINE_KEYS = new Set(['code', 'messages', 'type', 'token_class', 'token_type']);
/** Keys whose messages read well on their own. */
const GENERAL_KEYS = new Set(['detail', 'error', 'message', 'non_field_errors', 'errors']);

function label(field: string): string {
  const text = field.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Spec §5: server error bodies become a flat list of messages to show. Field errors are prefixed
 * with the field's name, so "This field is required." says which field.
 */
export function flattenErrors(body: unknown, field?: string): string[] {
  if (body === null || body === undefined || body === '') return [];
  if (typeof body === 'string') return [field ? `${label(field)}: ${body}` : body];
  if (typeof body === 'number' || typeof body === 'boolean') return [String(body)];
  if (Array.isArray(body)) return body.flatMap((item) => flattenErrors(item, field));
  if (typeof body === 'object') {
    return Object.entries(body as Record<string, unknown>).flatMap(([key, value]) => {
      if (MACHINE_KEYS.has(key)) return [];
      return flattenErrors(value, GENERAL_KEYS.has(key) ? field : key);
    });
  }
  return [];
}

/** Field errors of a serializer-style body, first message per field (for inline form errors). */
export function fieldErrorsOf(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (GENERAL_KEYS.has(key) || MACHINE_KEYS.has(key)) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') errors[key] = first;
  }
  return errors;
}
