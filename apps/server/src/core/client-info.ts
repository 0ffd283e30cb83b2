import type { FastifyRequest } from 'fastify';

export function clientInfo(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
