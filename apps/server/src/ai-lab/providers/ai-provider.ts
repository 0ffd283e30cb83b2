import type { RealtimeClientEvent, RealtimeServerEvent, RealtimeToken } from '@portal/contracts';
import type { DocumentFacts } from '../documents/document-facts.js';

/** A picture attached to a question: its stored bytes (WebP, re-encoded at upload). */
export interface ChatPicture {
  data: Buffer;
}

/** An earlier message of the conversation, so the engine can follow it. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** A document the question is about: its text as the model gets it, and what was measured of it. */
export interface ChatDocument {
  name: string;
  pages: number;
  characters: number;
  /** All of its text, or its beginning when the whole does not fit the model's context. */
  text: string;
  /** Said after the text when it was cut. */
  cutNote?: string;
  facts: DocumentFacts;
}

export interface ChatRequest {
  question: string;
  /** The conversation so far, oldest first (empty for a new one). */
  history?: ChatTurn[];
  pictures: ChatPicture[];
  /** The model to ask (a provider's engine); its configured model when absent. */
  model?: string;
  /** The person's instructions (their settings, or the conversation's own). */
  instructions?: string;
  documents?: ChatDocument[];
  /** Aborting stops the answer, and the upstream request with it. */
  signal: AbortSignal;
}

export interface SpokenAudio {
  data: Buffer;
  extension: 'wav' | 'mp3';
  contentType: string;
}

/** Who answers a feature: a built-in local engine, or the configured provider's model. */
export interface EngineInfo {
  engine: 'local' | 'provider';
  model: string | null;
}

export interface ChatEngine extends EngineInfo {
  /** The answer, piece by piece as it is written. */
  stream(request: ChatRequest): AsyncIterable<string>;
}

export interface ImageEngine extends EngineInfo {
  /** A picture for the prompt, as image bytes in any format sharp reads. */
  generate(prompt: string, signal: AbortSignal): Promise<Buffer>;
}

export interface SpeechEngine extends EngineInfo {
  speak(text: string, signal: AbortSignal): Promise<SpokenAudio>;
}

/** A recording to turn into text. */
export interface Recording {
  data: Buffer;
  filename: string;
  contentType: string;
}

export interface TranscriptionEngine extends EngineInfo {
  /** What was said; undefined when this engine has no speech recognition (the browser's is used). */
  transcribe?: (recording: Recording, signal: AbortSignal) => Promise<string>;
}

/** A model the provider lists (`GET /models`), with its context length when it says. */
export interface ListedModel {
  id: string;
  contextTokens?: number;
}

export interface RealtimeHandlers {
  /** An event for the browser (already limited to what it may see). */
  onEvent(event: RealtimeServerEvent): void;
  /** The conversation ended on the provider's side. */
  onClose(): void;
}

/** One realtime conversation, upstream of the relay socket. */
export interface RealtimeSession {
  send(event: RealtimeClientEvent): void;
  close(): void;
}

export interface RealtimeEngine extends EngineInfo {
  open(handlers: RealtimeHandlers): RealtimeSession;
  /** A short-lived token for the provider's own realtime socket; undefined when the engine has none. */
  mintToken?: (signal: AbortSignal) => Promise<RealtimeToken>;
}

/** The AI lab's engines, each chosen once from the settings. */
export interface AiProvider {
  chat: ChatEngine;
  /** The built-in joke engine, which may be chosen whatever answers by default. */
  localChat: ChatEngine;
  image: ImageEngine;
  speech: SpeechEngine;
  realtime: RealtimeEngine;
  transcription: TranscriptionEngine;
  /** The provider's models; undefined without a provider. */
  listModels?: (signal: AbortSignal) => Promise<ListedModel[]>;
  close(): Promise<void>;
}

/** A failure of the provider, in words safe to show anyone (never the provider's own text, which may quote the key). */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    /** `unavailable` when the provider cannot be reached or is overloaded, `timeout` when it took too long, else `failed`. */
    readonly failure: 'failed' | 'unavailable' | 'timeout' = 'failed',
  ) {
    super(message);
  }
}

/** The instruction Funny Chat gives a model (contract §10.1). */
export const FUNNY_CHAT_INSTRUCTIONS =
  'You are Funny Chat, the comedian of the AI Lab. Answer briefly, in at most five sentences, always as a joke, ' +
  'while still answering the question. When pictures are attached, say something funny about what you see.';
