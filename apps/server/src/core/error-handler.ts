import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailable } from '../db/errors.js';
import { DomainError } from './domain-errors.js';
import { detailShape } from './error-shapes.js';
import { ApiError } from './errors.js';
import { fieldShape, type FieldErrorMap } from './validation-shape.js';

/** Turns validation issues into `{"<field>": ["msg"]}`; whole-body issues go to `non_field_errors`. */
export function toFieldErrors(issues: { instancePath: string; message?: string | undefined }[]): FieldErrorMap {
  const errors: FieldErrorMap = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').split('/')[0] || 'non_field_errors';
    (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return errors;
}

/** A zod error's issues as the same field map (a service parsing a form itself). */
export function zodFieldErrors(issues: { path: PropertyKey[]; message: string }[]): FieldErrorMap {
  return toFieldErrors(issues.map((issue) => ({ instancePath: `/${issue.path.map(String).join('/')}`, message: issue.message })));
}

/** The body with a `message` too, taken from its first text, for routes whose client reads only that. */
export function withMessage(body: Record<string, unknown>): Record<string, unknown> {
  if (typeof body.message === 'string') return body;
  const first = Object.values(body)
    .flat()
    .find((value): value is string => typeof value === 'string');
  return { ...body, message: first ?? 'The request failed.' };
}

/**
 * One error handler for the whole API: domain errors in the route's error shape, the few errors
 * routes and hooks word themselves as they are, validation in the route's validation shape, and
 * nothing internal of anything else (a logged 500).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // Callback hooks, not async ones, on every request's path (issue 12: no promise for nothing).
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (reply.statusCode < 400 || !request.routeOptions.config?.messageErrors) return done(null, payload);
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return done(null, payload);
    done(null, withMessage(payload as Record<string, unknown>));
  });
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      const answer = (request.routeOptions.config?.errorShape ?? detailShape)(error);
      return reply.status(answer.status).headers(answer.headers).send(answer.body);
    }
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).headers(error.headers).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const shape = request.routeOptions.config.validationShape ?? fieldShape;
      return reply.status(400).send(shape(toFieldErrors(error.validation)));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ detail: 'Request body is too large.' });
    if (status === 415)
      return reply.status(415).send({ detail: `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.` });
    if (
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (status === 400 && error instanceof SyntaxError)
    ) {
      return reply.status(400).send({ detail: 'JSON parse error - the request body is not valid JSON.' });
    }
    if (status === 429) return reply.status(429).send({ detail: 'Request was throttled. Try again later.' });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: error.message });
    }
    if (databaseUnavailable(error)) {
      // Fails fast and says so; the pool reconnects by itself once the database answers again.
      request.log.error({ err: error }, 'database unreachable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ detail: 'The database is not reachable right now. Try again in a moment.' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ detail: 'A server error occurred. It has been logged.' });
  });
}
