import type { FastifyInstance } from 'fastify';
import { multipartBody } from './multipart.js';

export interface StreamEvent {
  type: string;
  text?: string;
  message?: string;
  conversation_id?: string;
  question_id?: string;
  answer_id?: string;
}

/** The events of a server-sent event stream (Funny Chat's streamed answers). */
export const sseEvents = (body: string): StreamEvent[] =>
  body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as StreamEvent);

/** Uploads a document for Funny Chat as the browser does (multipart `file`). */
export function uploadDocument(
  app: FastifyInstance,
  file: { name: string; data: Buffer; type?: string },
  headers: Record<string, string> = {},
) {
  const body = multipartBody([
    { field: 'file', filename: file.name, contentType: file.type ?? 'application/octet-stream', data: file.data },
  ]);
  return app.inject({
    method: 'POST',
    url: '/ai-lab/attachments/',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}
