import net from 'node:net';
import type { IncomingMessage, Server } from 'node:http';

/**
 * Closes the listening socket only: new connections are refused at once (a proxy such as nginx
 * then retries the request on another instance, whatever its method, since nothing was sent),
 * while connections already accepted keep going. `http.Server#close` would also drop idle
 * connections at once, among them one a proxy has just opened and is still sending a request on:
 * that request would fail, and a proxy never retries a POST it has sent.
 * Resolves when the socket is closed; the server's own close later finds it closed, which Fastify accepts.
 */
export function stopAccepting(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    net.Server.prototype.close.call(server, () => resolve());
    // The callback runs once every connection has ended; the listening socket itself is closed now.
    setImmediate(resolve);
  });
}

/**
 * Waits until no new connection has arrived for `quietMs` (at most `maxMs` in all). Closing a
 * listening socket resets the connections still waiting in its queue, whose requests a proxy has
 * already sent and will not retry if they are POSTs; once the proxy has stopped opening
 * connections here (a draining instance answers reads with 503, which nginx takes as the instance
 * being down for a while), the queue is empty and closing it loses nothing.
 */
export function untilQuiet(server: Server, quietMs: number, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout;
    const done = () => {
      clearTimeout(timer);
      clearTimeout(limit);
      server.off('connection', arrived);
      resolve();
    };
    const arrived = () => {
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    };
    const limit = setTimeout(done, maxMs);
    server.on('connection', arrived);
    arrived();
  });
}

/**
 * Follows the connections that have not sent a request yet, and answers how to close them. Node's
 * `server.close()` closes idle keep-alive connections, but not one that never sent a request (a
 * browser's spare connection, say): the stop then waited for it until SHUTDOWN_TIMEOUT (10 s) and
 * exited 1. A connection stops counting at its first request or WebSocket upgrade.
 */
export function requestlessConnections(server: Server): { close(): void } {
  const waiting = new Set<net.Socket>();
  const started = (request: IncomingMessage) => waiting.delete(request.socket);
  server.on('connection', (socket: net.Socket) => {
    waiting.add(socket);
    socket.once('close', () => waiting.delete(socket));
  });
  server.on('request', started);
  server.on('upgrade', started);
  return {
    close() {
      for (const socket of waiting) socket.destroy();
      waiting.clear();
    },
  };
}
