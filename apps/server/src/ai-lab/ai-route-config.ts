import type { FastifyRequest } from 'fastify';
import { detailShape, messageShape, type ErrorShape } from '../core/error-shapes.js';
import type { ValidationShape } from '../core/validation-shape.js';
import type { AiCaller } from './ai-rate-limit.js';

/** `{"message": ...}` with the first problem of each field (one wrong value can break several rules). */
const firstMessages: ValidationShape = (errors) => {
  return {
    message: Object.values(errors)
      .map((messages) => messages[0])
      .join(' '),
  };
};

/** Spec §8: the AI lab's client reads only `message`, so every failure carries one. */
export const AI_ROUTE_CONFIG = { validationShape: firstMessages, errorShape: messageShape, messageErrors: true } as const;

/** Funny Chat answers in the lab's shape, but a saved conversation it cannot find is the conversation routes' 404. */
const chatShape: ErrorShape = (error) => (error.kind === 'not-found' ? detailShape(error) : messageShape(error));

export const AI_CHAT_CONFIG = { ...AI_ROUTE_CONFIG, errorShape: chatShape } as const;

export const callerOf = (request: FastifyRequest): AiCaller => ({ accountId: request.user?.accountId ?? null, ip: request.ip });
