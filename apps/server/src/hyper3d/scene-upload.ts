import type { FastifyRequest } from 'fastify';
import { HYPER3D_LIMITS, HYPER3D_NAME_FIELD, HYPER3D_SCENE_FIELD } from '@portal/contracts';
import { DomainError, Invalid, TooLarge } from '../core/domain-errors.js';
import { MALFORMED_FORM, multipartFailure } from '../core/multipart-failure.js';
import { textProblem } from '../core/text-guard.js';

/** A save as sent: the scene's name and JSON text, and the bytes of the files sent with it, by file id. */
export interface SceneUpload {
  name: string;
  sceneText: string;
  files: Map<string, Buffer>;
  /** Bytes of the JSON and of the files sent. */
  bytes: number;
}

const MB = 1024 * 1024;

/** "20 MB", "512 KB": the limit as the refusal words it. */
export function sizeWords(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

export const tooLargeMessage = (limit: number) =>
  `The scene is larger than ${sizeWords(limit)} with its models and textures: remove a model or a texture, or use smaller ones.`;

/**
 * Reads a save: multipart with the fields `name` and `scene` (the JSON) and one file part per file,
 * named by its id. Bytes are counted as they arrive: past `limit` the rest is not read and the save
 * is {@link TooLarge}. The server's BODY_LIMIT does not apply to multipart bodies; this does.
 */
export async function readSceneUpload(request: FastifyRequest, limit: number): Promise<SceneUpload> {
  if (!request.isMultipart()) {
    throw new Invalid(
      'Send the scene as multipart/form-data: its JSON under "scene", its name under "name", each file under its id.',
    );
  }
  const upload: SceneUpload = { name: '', sceneText: '', files: new Map(), bytes: 0 };
  const count = (bytes: number) => {
    upload.bytes += bytes;
    if (upload.bytes > limit) throw new TooLarge(tooLargeMessage(limit));
  };
  try {
    const parts = request.parts({
      limits: {
        files: HYPER3D_LIMITS.files,
        fileSize: limit,
        fields: 4,
        fieldSize: HYPER3D_LIMITS.documentBytes,
        parts: HYPER3D_LIMITS.files + 4,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (upload.files.has(part.fieldname)) throw new Invalid(`The file "${part.fieldname.slice(0, 64)}" was sent twice.`);
        const chunks: Buffer[] = [];
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          count(chunk.length);
          chunks.push(chunk);
        }
        if (part.file.truncated) throw new TooLarge(tooLargeMessage(limit));
        upload.files.set(part.fieldname, Buffer.concat(chunks));
      } else {
        if (part.valueTruncated) throw new Invalid(`The field "${part.fieldname.slice(0, 40)}" is too long.`);
        const value = String(part.value ?? '');
        const problem = textProblem(value);
        if (problem) throw new Invalid(problem);
        if (part.fieldname === HYPER3D_SCENE_FIELD) {
          upload.sceneText = value;
          count(Buffer.byteLength(value));
        } else if (part.fieldname === HYPER3D_NAME_FIELD) upload.name = value;
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const failure = multipartFailure(error);
    if (failure === 'file-too-large') throw new TooLarge(tooLargeMessage(limit));
    if (failure === 'too-many-files' || failure === 'too-many-parts')
      throw new Invalid(`A scene holds at most ${HYPER3D_LIMITS.files} files.`);
    throw new Invalid(MALFORMED_FORM);
  }
  return upload;
}
