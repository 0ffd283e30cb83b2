import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';
import { fieldShape, type FieldErrorMap } from './validation-shape.js';

/**
 * PostgreSQL refuses text holding U+0000, and UTF-8 has no encoding for a lone UTF-16 surrogate.
 * Any such string would fail in the database (a 500) or be stored mangled, so it is refused at the edge.
 * Wording as Django REST framework's `ProhibitNullCharactersValidator` and `ProhibitSurrogateCharactersValidator`.
 */
export const TEXT_MESSAGES = {
  nul: 'Null characters are not allowed.',
  surrogate: (codePoint: number) => `Surrogate characters are not allowed: U+${codePoint.toString(16).toUpperCase()}.`,
} as const;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored as text, or undefined when it can. */
export function textProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return TEXT_MESSAGES.nul;
  const surrogate = LONE_SURROGATE.exec(value);
  return surrogate ? TEXT_MESSAGES.surrogate(surrogate[0].charCodeAt(0)) : undefined;
}

/**
 * The first unstorable string anywhere in a parsed value (keys included), as a field error under the
 * value's top-level key, like every other validation error. Walks with its own stack, so a deeply
 * nested body cannot overflow the call stack.
 */
export function findTextProblem(value: unknown): FieldErrorMap | undefined {
  const stack: { value: unknown; field: string | undefined }[] = [{ value, field: undefined }];
  while (stack.length > 0) {
    const { value: current, field } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { [field ?? 'non_field_errors']: [problem] };
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, field });
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        const keyProblem = textProblem(key);
        if (keyProblem) return { [field ?? 'non_field_errors']: [keyProblem] };
        stack.push({ value: item, field: field ?? key });
      }
    }
  }
  return undefined;
}

/** The route's field-error answer for an unstorable string, or undefined when the request is clean. */
function rejectionOf(request: FastifyRequest): ApiError | undefined {
  const errors = findTextProblem(request.params) ?? findTextProblem(request.query) ?? findTextProblem(request.body);
  if (!errors) return undefined;
  const shape = request.routeOptions.config?.validationShape ?? fieldShape;
  return new ApiError(400, shape(errors));
}

/** Deviation 2 for text: a NUL or lone surrogate in any path, query or JSON field is a 400, before any handler runs. */
export const textGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook, not an async one: it runs on every request (issue 12: no promise for nothing).
    app.addHook('preValidation', (request, _reply, done) => {
      const rejection = rejectionOf(request);
      if (rejection) return done(rejection);
      done();
    });
  },
  { name: 'text-guard' },
);
