import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AI_LAB_LIMITS, aiTranscriptionSchema } from '@portal/contracts';
import { errorResponses } from '../core/openapi-responses.js';
import type { AiLabService } from './ai-lab.service.js';
import { admittedCaller, type AiRateLimiter } from './ai-rate-limit.js';
import { AI_ROUTE_CONFIG } from './ai-route-config.js';
import { abortOnDisconnect } from './chat/answer-stream.js';
import { readOneFile } from './uploaded-file.js';

/** Voice input: a recording in, its words out, through the provider (the key stays on the server). */
export async function transcriptionRoutes(app: FastifyInstance, { lab, limiter }: { lab: AiLabService; limiter: AiRateLimiter }) {
  app.withTypeProvider<ZodTypeProvider>().post('/ai-lab/transcriptions/', {
    config: AI_ROUTE_CONFIG,
    schema: {
      tags: ['ai lab'],
      summary:
        'What was said in a recording (multipart `file`, 10 MB at most), by the provider’s speech-to-text model ' +
        '(AI_TRANSCRIPTION_MODEL); 503 when the server has none (GET /ai-lab/status/ says so beforehand)',
      consumes: ['multipart/form-data'],
      response: { 200: aiTranscriptionSchema, ...errorResponses(400, 401, 413, 429, 502, 503, 504) },
    },
    handler: async (request, reply) => {
      await admittedCaller(limiter, 'ask', request);
      const file = await readOneFile(request, { field: 'file', maxBytes: AI_LAB_LIMITS.maxAudioBytes, what: 'recording' });
      return { text: await lab.transcribe({ data: file.data, filename: file.filename }, abortOnDisconnect(reply)) };
    },
  });
}
