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

/** A content part of a reply: text, or the transcript of audio. */
export interface RealtimeContentPart {
  type: string;
  text?: string;
  transcript?: string;
}

export interface RealtimeOutputItem {
  id?: string;
  type: string;
  role?: string;
  content?: RealtimeContentPart[];
}

export interface RealtimeResponse {
  id: string;
  object?: 'realtime.response';
  status: 'in_progress' | 'completed' | 'cancelled' | 'failed' | 'incomplete';
  output: RealtimeOutputItem[];
}

/** The events the server sends; others of the protocol are not passed on. */
export type RealtimeServerEvent =
  | { type: 'conversation.item.created'; event_id?: string; item: RealtimeOutputItem }
  | { type: 'response.created'; event_id?: string; response: RealtimeResponse }
  | { type: 'response.text.delta' | 'response.audio_transcript.delta'; event_id?: string; response_id: string; delta: string }
  | { type: 'response.done'; event_id?: string; response: RealtimeResponse }
  | { type: 'error'; event_id?: string; error: { type: string; code?: string | null; message: string } }
  | { type: string; event_id?: string; [key: string]: unknown };

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
