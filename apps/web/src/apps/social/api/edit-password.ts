import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

export interface PasswordChange {
  old_password: string;
  new_password1: string;
  new_password2: string;
}

/** Contract §4.5: form data; failures come back (deviation 11) as 400 `{"message": {"<field>": [...]}}`. */
export function editPassword(change: PasswordChange): Promise<{ message: string }> {
  const form = new FormData();
  for (const [field, value] of Object.entries(change)) form.append(field, value);
  return apiRequest('/api/social-profiles/editpassword/', { method: 'POST', form });
}

export function useEditPassword() {
  return useMutation({ mutationFn: editPassword });
}

/** Spec §5: the first message of each field when it fails (deviation 11: `{"message": {field: [...]}}`). */
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
