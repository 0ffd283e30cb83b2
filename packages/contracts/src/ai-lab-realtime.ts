import { z } from 'zod';

/**
 * The subset of the realtime event protocol (spec §4 and §7, contract §9.3) spoken on
 * `/ws/ai-lab/realtime/`: the browser sends a user message and asks for a response; the server
 * streams the reply and ends with `response.done`, whether a provider or the local engine answers.
 */
export const REALTIME_PATH = '/ws/ai-lab/realtime/';

export const REALTIME_TEXT_MAX = 500;

const eventId = z.string().max(64).optional();

export const conversationItemCreateSchema = z.object({
  type: z.literal('conversation.item.create'),
  event_id: eventId,
  item: z.object({
    type: z.literal('message'),
    role: z.literal('user'),
    content: z
      .array(
        z.object({
          type: z.literal('input_text'),
          text: z
            .string()
            .trim()
            .min(1, { error: 'The message is empty.' })
            .max(REALTIME_TEXT_MAX, {
              error: `The message is too long: at most ${REALTIME_TEXT_MAX} characters.`,
            }),
        }),
      )
      .min(1)
      .max(1),
  }),
});

export const responseCreateSchema = z.object({
  type: z.literal('response.create'),
  event_id: eventId,
  response: z.object({ modalities: z.array(z.enum(['text', 'audio'])).optional() }).optional(),
});

export const realtimeClientEventSchema = z.discriminatedUnion('type', [conversationItemCreateSchema, responseCreateSchema]);
export type RealtimeClientEvent = z.infer<typeof realtimeClientEventSchema>;

/** A content part of a reply: text, or the transcript of audio. Providers add fields of their own. */
export const realtimeContentPartSchema = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  transcript: z.string().optional(),
});
export type RealtimeContentPart = z.infer<typeof realtimeContentPartSchema>;

export const realtimeOutputItemSchema = z.looseObject({
  id: z.string().optional(),
  type: z.string(),
  role: z.string().optional(),
  content: z.array(realtimeContentPartSchema).optional(),
});
export type RealtimeOutputItem = z.infer<typeof realtimeOutputItemSchema>;

export const realtimeResponseSchema = z.looseObject({
  id: z.string(),
  object: z.literal('realtime.response').optional(),
  status: z.enum(['in_progress', 'completed', 'cancelled', 'failed', 'incomplete']),
  output: z.array(realtimeOutputItemSchema),
});
export type RealtimeResponse = z.infer<typeof realtimeResponseSchema>;

const serverEventId = z.string().optional();

/** The server events a client acts on, each with its whole shape. */
export const realtimeReplyEventSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('conversation.item.created'), event_id: serverEventId, item: realtimeOutputItemSchema }),
  z.looseObject({ type: z.literal('response.created'), event_id: serverEventId, response: realtimeResponseSchema }),
  z.looseObject({
    type: z.literal(['response.text.delta', 'response.audio_transcript.delta']),
    event_id: serverEventId,
    response_id: z.string(),
    delta: z.string(),
  }),
  z.looseObject({ type: z.literal('response.done'), event_id: serverEventId, response: realtimeResponseSchema }),
  z.looseObject({
    type: z.literal('error'),
    event_id: serverEventId,
    error: z.looseObject({ type: z.string(), code: z.string().nullable().optional(), message: z.string() }),
  }),
]);
export type RealtimeReplyEvent = z.infer<typeof realtimeReplyEventSchema>;

const REPLY_EVENT_TYPES = new Set<string>([
  'conversation.item.created',
  'response.created',
  'response.text.delta',
  'response.audio_transcript.delta',
  'response.done',
  'error',
]);

/** Any other event of the protocol: only its type is known (a reply event must match its own shape). */
const otherRealtimeEventSchema = z.looseObject({
  type: z.string().refine((type) => !REPLY_EVENT_TYPES.has(type)),
  event_id: serverEventId,
});

/** The events the server sends; others of the protocol are not passed on. */
export const realtimeServerEventSchema = z.union([realtimeReplyEventSchema, otherRealtimeEventSchema]);
export type RealtimeServerEvent = z.infer<typeof realtimeServerEventSchema>;

/** Whether a (parsed) server event is one a client acts on; the schema has checked its shape. */
export const isRealtimeReplyEvent = (event: RealtimeServerEvent): event is RealtimeReplyEvent =>
  REPLY_EVENT_TYPES.has(event.type);

/** The events passed from a provider to the browser (everything else, such as audio, stays on the server). */
export const RELAYED_SERVER_EVENTS = new Set([
  'conversation.item.created',
  'response.created',
  'response.output_item.added',
  'response.content_part.added',
  'response.text.delta',
  'response.text.done',
  'response.audio_transcript.delta',
  'response.audio_transcript.done',
  'response.content_part.done',
  'response.output_item.done',
  'response.done',
  'error',
]);

/** The reply's words in a `response.done`: the transcript of audio parts, or the text parts. */
export function replyTranscript(response: RealtimeResponse | undefined): string {
  const parts = (response?.output ?? []).flatMap((item) => item.content ?? []);
  return parts
    .map((part) => part.transcript ?? part.text ?? '')
    .join('')
    .trim();
}
