import type { FastifyRequest } from 'fastify';
import { DomainError, Invalid, TooLarge } from '../core/domain-errors.js';
import { MALFORMED_FORM, multipartFailure } from '../core/multipart-failure.js';
import { textProblem } from '../core/text-guard.js';

export interface FormFile {
  field: string;
  data: Buffer;
}

export interface ParsedForm {
  fields: Record<string, string>;
  files: FormFile[];
}

export interface FormLimits {
  /** Which file fields the endpoint takes; any other file is refused. */
  acceptsFile(field: string): boolean;
  maxFiles: number;
  maxFileBytes: number;
  tooManyFiles: string;
  tooLarge: string;
}

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;

/** A field name fit to quote back: printable, short. */
const safeFieldName = (name: string) => name.replace(/[^\w[\]-]/g, '').slice(0, 40) || 'non_field_errors';

/** Plain values of a JSON body, for clients that send the form's fields as JSON. */
function jsonFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fields;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = String(value);
  }
  return fields;
}

/**
 * Reads a multipart form (or a JSON object) into text fields and file buffers, within limits.
 * File names and declared types are ignored: callers look at the bytes. A form it will not read is
 * {@link Invalid} ({@link TooLarge} for a file over the limit), which each endpoint words in its own shape.
 */
export async function readForm(request: FastifyRequest, limits: FormLimits): Promise<ParsedForm> {
  if (!request.isMultipart()) return { fields: jsonFields(request.body), files: [] };
  const fields: Record<string, string> = {};
  const files: FormFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        files: limits.maxFiles,
        fileSize: limits.maxFileBytes,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: limits.maxFiles + MAX_FIELDS,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!limits.acceptsFile(part.fieldname)) {
          part.file.resume();
          throw new Invalid(`Unexpected file field "${part.fieldname.slice(0, 40)}".`);
        }
        const data = await part.toBuffer();
        // A file input left empty still sends a part: no name, no bytes. It is not a file.
        if (data.length === 0 && !part.filename) continue;
        files.push({ field: part.fieldname, data });
      } else {
        if (part.valueTruncated) throw new Invalid(`The field "${part.fieldname.slice(0, 40)}" is too long.`);
        const value = String(part.value ?? '');
        const problem = textProblem(part.fieldname) ?? textProblem(value);
        if (problem) throw new Invalid(`${safeFieldName(part.fieldname)}: ${problem}`);
        fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const failure = multipartFailure(error);
    if (failure === 'file-too-large') throw new TooLarge(limits.tooLarge);
    if (failure === 'too-many-files') throw new Invalid(limits.tooManyFiles);
    if (failure === 'too-many-parts') throw new Invalid('The form has too many fields.');
    throw new Invalid(MALFORMED_FORM);
  }
  return { fields, files };
}
