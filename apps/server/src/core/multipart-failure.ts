/** Why reading a multipart body stopped, in words each upload route turns into its own error shape. */
export type MultipartFailure = 'file-too-large' | 'too-many-files' | 'too-many-parts' | 'malformed';

/**
 * Classifies an error thrown while a multipart body was being read. The limit codes come from
 * @fastify/multipart; anything else there is a body the parser could not read (truncated, no
 * boundary, broken part headers), which is the client's fault: a 400, never a 500.
 */
export function multipartFailure(error: unknown): MultipartFailure {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return 'file-too-large';
  if (code === 'FST_FILES_LIMIT') return 'too-many-files';
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return 'too-many-parts';
  return 'malformed';
}

export const MALFORMED_FORM = 'The form data could not be read: the multipart body is malformed or incomplete.';
