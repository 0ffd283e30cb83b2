import type { ErrorBody } from '@portal/contracts';

/** Field errors as the contract's `{"<field>": ["msg", ...]}` map. */
export type FieldErrorMap = Record<string, string[]>;

/**
 * How a route words a failed validation. The default is the serializer shape; some endpoints of
 * the contract answer `{"error": ...}` or `{"non_field_errors": [...]}` instead.
 */
export type ValidationShape = (errors: FieldErrorMap) => ErrorBody;

export const fieldShape: ValidationShape = (errors) => errors;

export const errorKeyShape =
  (prefix = ''): ValidationShape =>
  (errors) => ({
    error:
      prefix +
      Object.entries(errors)
        .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
        .join('; '),
  });

export const nonFieldShape =
  (message: string): ValidationShape =>
  () => ({ non_field_errors: [message] });

export const detailShape: ValidationShape = (errors) => ({
  detail: Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; '),
});

export const messageShape: ValidationShape = (errors) => ({
  message: Object.values(errors).flat().join(' '),
});
