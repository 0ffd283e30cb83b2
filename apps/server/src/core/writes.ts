import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/** Methods that change nothing. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a route takes a method that may write (hooks about writes are added to those routes only). */
export const routeMayWrite = (route: Pick<RouteOptions, 'method'>): boolean =>
  [route.method].flat().some((method) => !SAFE_METHODS.has(method));

/** Whether this answer ends a write that succeeded (a refused one changed nothing). */
export const succeededWrite = (request: FastifyRequest, reply: FastifyReply): boolean =>
  !SAFE_METHODS.has(request.method) && reply.statusCode < 400;
