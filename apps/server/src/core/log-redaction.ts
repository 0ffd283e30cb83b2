import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const SECRET_KEYS = ['authorization', 'cookie', 'password', 'token', 'access', 'refresh'];

/**
 * Pino paths censored in every log line: secret keys at the top of a line's object and up to three
 * levels down (pino's redaction has no recursive wildcard), request headers included.
 */
export const REDACTED_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]);

const SECRET_QUERY = /([?&](?:token|access|refresh|password|key|code)=)[^&#]*/gi;

/** A URL with the values of secret query parameters (`?token=` of the sockets) replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[Redacted]');
}

/** What a log line says about a request: Fastify's default fields, with the URL's secrets redacted. */
export function requestSerializer(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's pino options: level, redaction of secret fields, and safe request URLs. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: { req: requestSerializer },
  };
}
