import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AI_LAB_LIMITS, aiFilenameRequestSchema, aiMessageSchema, uploadedImagesSchema } from '@portal/contracts';
import { Invalid, TooLarge } from '../core/domain-errors.js';
import { MALFORMED_FORM, multipartFailure } from '../core/multipart-failure.js';
import { errorResponses } from '../core/openapi-responses.js';
import { AI_ROUTE_CONFIG, callerOf } from './ai-route-config.js';
import { admittedCaller, type AiRateLimiter } from './ai-rate-limit.js';
import type { UploadedFile, VisionImagesService } from './vision-images.service.js';

const FIELD_NAMES = new Set(['images[]', 'images']);
// Text fields are not used; a few are let through for clients that send extras.
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;

/** The files of a multipart request under `images[]` (contract §10.5), within the lab's limits. */
async function readImages(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw new Invalid('No images provided. Send the pictures as multipart form data under images[].');
  const files: UploadedFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: AI_LAB_LIMITS.maxImageBytes,
        files: AI_LAB_LIMITS.maxPromptImages,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: AI_LAB_LIMITS.maxPromptImages + MAX_FIELDS,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      // A file under another name is not read into memory, only drained.
      if (!FIELD_NAMES.has(part.fieldname)) {
        part.file.resume();
        continue;
      }
      files.push({ filename: part.filename ?? '', data: await part.toBuffer() });
    }
  } catch (error) {
    const failure = multipartFailure(error);
    if (failure === 'file-too-large')
      throw new TooLarge(`A picture is larger than ${AI_LAB_LIMITS.maxImageBytes / 1024 / 1024} MB.`);
    if (failure === 'too-many-files') throw new Invalid(`At most ${AI_LAB_LIMITS.maxPromptImages} pictures at a time.`);
    if (failure === 'too-many-parts') throw new Invalid('The form has too many parts.');
    throw new Invalid(MALFORMED_FORM);
  }
  return files;
}

export async function visionImagesRoutes(
  app: FastifyInstance,
  { images, limiter }: { images: VisionImagesService; limiter: AiRateLimiter },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai lab'];

  api.post('/ai-lab/upload-vision-images/', {
    config: AI_ROUTE_CONFIG,
    schema: {
      tags,
      summary: 'Uploads pictures for Funny Chat (multipart `images[]`: JPEG, PNG or WebP, 20 MB each, at most 4)',
      consumes: ['multipart/form-data'],
      response: { 200: uploadedImagesSchema, ...errorResponses(400, 401, 413, 429) },
    },
    handler: async (request) => {
      const caller = await admittedCaller(limiter, 'upload', request);
      return { uploaded_images: await images.upload(await readImages(request), caller) };
    },
  });

  api.delete('/ai-lab/delete-vision-image/', {
    config: AI_ROUTE_CONFIG,
    schema: {
      tags,
      summary: 'Deletes a picture the caller uploaded (JSON body on DELETE: a bare file name)',
      body: aiFilenameRequestSchema,
      response: { 200: aiMessageSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ message: await images.remove(request.body.filename, callerOf(request)) }),
  });
}
