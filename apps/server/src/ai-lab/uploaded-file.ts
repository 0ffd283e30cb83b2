import type { FastifyRequest } from 'fastify';
import { Invalid, TooLarge } from '../core/domain-errors.js';
import { MALFORMED_FORM, multipartFailure } from '../core/multipart-failure.js';

export interface UploadedFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * The one file of a multipart request under `field`. Reading stops at `maxBytes` (the parser counts
 * as it goes, so a larger body is never held whole); files under other names are drained, not read.
 */
export async function readOneFile(
  request: FastifyRequest,
  { field, maxBytes, what }: { field: string; maxBytes: number; what: string },
): Promise<UploadedFile> {
  const missing = `No ${what} provided. Send it as multipart form data under ${field}.`;
  if (!request.isMultipart()) throw new Invalid(missing);
  let found: UploadedFile | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || found) {
        part.file.resume();
        continue;
      }
      found = { filename: part.filename ?? '', contentType: part.mimetype, data: await part.toBuffer() };
    }
  } catch (error) {
    const failure = multipartFailure(error);
    if (failure === 'file-too-large') throw new TooLarge(`The ${what} is larger than ${maxBytes / 1024 / 1024} MB.`);
    if (failure === 'too-many-files') throw new Invalid(`Send one ${what} at a time.`);
    if (failure === 'too-many-parts') throw new Invalid('The form has too many parts.');
    throw new Invalid(MALFORMED_FORM);
  }
  if (!found) throw new Invalid(missing);
  return found;
}
