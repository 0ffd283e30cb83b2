import http from 'node:http';

export interface RawResponse {
  statusCode: number;
  body: string;
}

/**
 * One request over a real socket with its path exactly as given (`..`, `%2e%2e`, `%00` reach the
 * server as an attacker sends them; `app.inject()` would resolve dot segments first). A server
 * that answers before reading a too-large body may close the socket under the upload: the answer
 * counts when it came.
 */
export function rawRequest(
  origin: string,
  request: { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer },
): Promise<RawResponse> {
  const target = new URL(origin);
  const body = request.payload === undefined ? undefined : Buffer.from(request.payload);
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        // A connection per request: a server that answers before reading a body leaves the rest
        // of it on a kept-alive socket, where it would be read as the next request.
        agent: false,
        headers: { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        const settle = () => resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        answered = true;
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', settle);
        response.on('error', settle);
        response.on('aborted', settle);
      },
    );
    // Once the answer has begun, its own events settle the promise.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    outgoing.end(body);
  });
}
