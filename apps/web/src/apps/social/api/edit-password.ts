import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../shared/api/api-client';

export interface PasswordChange {
  old_password: string;
  new_password1: string;
  new_password2: string;
}

/**
 * Contract §4.5: form data; the answer is always 200, `{"message": "success"}` or `message` holding the
 * JSON-encoded field errors `{"<field>": [{"message", "code"}]}`. A refusal rejects with an ApiError whose
 * body is `{"message": <the decoded errors>}`.
 */
export async function editPassword(change: PasswordChange): Promise<{ message: string }> {
  const form = new FormData();
  for (const [field, value] of Object.entries(change)) form.append(field, value);
  const answer = await apiRequest<{ message: string }>('/api/social-profiles/editpassword/', { method: 'POST', form });
  if (answer.message === 'success') return answer;
  throw new ApiError(200, { message: decoded(answer.message) });
}

/** The field errors a refusal carries as JSON text, or the text itself when it is not JSON. */
function decoded(message: string): unknown {
  try {
    return JSON.parse(message) as unknown;
  } catch {
    return message;
  }
}

export function useEditPassword() {
  return useMutation({ mutationFn: editPassword });
}

/** Spec §5: the first message of each field when it fails (`{"message": {field: [...]}}`, decoded). */
export function firstMessages(body: unknown): Record<string, string> {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string') return { non_field_errors: message };
  if (!message || typeof message !== 'object') return {};
  const first: Record<string, string> = {};
  for (const [field, list] of Object.entries(message as Record<string, unknown>)) {
    const value = Array.isArray(list) ? list[0] : list;
    const text = typeof value === 'object' && value !== null ? (value as { message?: unknown }).message : value;
    if (typeof text === 'string') first[field] = text;
  }
  return first;
}
