import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Invalid, RateLimited, Unauthenticated } from './domain-errors.js';
import { registerErrorHandler } from './error-handler.js';
import { defaultErrorShape, errorShape, messageShape, shopShape, tokenShape, type ErrorShape } from './error-shapes.js';

/** A service as services are: it throws a domain error and knows nothing of HTTP. */
const service = {
  refuse(): never {
    throw new Invalid('Your card was declined.', { code: 'CardError' });
  },
  slowDown(): never {
    throw new RateLimited('Too many requests.', 30);
  },
  refuseToken(): never {
    throw new Unauthenticated('Token is invalid or expired', { credentials: 'refused', code: 'token_not_valid' });
  },
};

describe('a domain error thrown in a service', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    const shapes: [string, ErrorShape | undefined][] = [
      ['detail', undefined],
      ['error', errorShape],
      ['message', messageShape],
      ['shop', shopShape],
      ['token', tokenShape],
    ];
    for (const [name, shape] of shapes) {
      app.get(`/${name}/refuse`, { config: shape ? { errorShape: shape } : {} }, () => service.refuse());
      app.get(`/${name}/slow`, { config: shape ? { errorShape: shape } : {} }, () => service.slowDown());
      app.get(`/${name}/token`, { config: shape ? { errorShape: shape } : {} }, () => service.refuseToken());
    }
    // A plugin's default shape, and a route of it that names its own.
    await app.register(async (plugin) => {
      defaultErrorShape(plugin, shopShape);
      plugin.get('/plugin/default', () => service.refuse());
      plugin.get('/plugin/own', { config: { errorShape: messageShape } }, () => service.refuse());
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json(), retryAfter: response.headers['retry-after'] };
  };

  it('surfaces in the body style of the route that called it', async () => {
    expect(await get('/detail/refuse')).toMatchObject({ status: 400, body: { detail: 'Your card was declined.' } });
    expect(await get('/error/refuse')).toMatchObject({ status: 400, body: { error: 'Your card was declined.' } });
    expect(await get('/message/refuse')).toMatchObject({ status: 400, body: { message: 'Your card was declined.' } });
    expect(await get('/shop/refuse')).toMatchObject({
      status: 400,
      body: { errors: { message: 'Your card was declined.', type: 'CardError' } },
    });
    expect(await get('/token/refuse')).toMatchObject({ status: 400, body: { detail: 'Your card was declined.' } });
  });

  it('keeps its Retry-After in every style', async () => {
    expect(await get('/detail/slow')).toEqual({ status: 429, body: { detail: 'Too many requests.' }, retryAfter: '30' });
    expect(await get('/error/slow')).toEqual({ status: 429, body: { error: 'Too many requests.' }, retryAfter: '30' });
    expect(await get('/message/slow')).toEqual({ status: 429, body: { message: 'Too many requests.' }, retryAfter: '30' });
    expect(await get('/shop/slow')).toEqual({ status: 429, body: { error: 'Too many requests.' }, retryAfter: '30' });
  });

  it('answers refused credentials with the token body on every route', async () => {
    for (const name of ['detail', 'error', 'message', 'shop', 'token']) {
      expect(await get(`/${name}/token`)).toMatchObject({
        status: 401,
        body: { detail: 'Token is invalid or expired', code: 'token_not_valid' },
      });
    }
  });

  it("takes the plugin's default shape unless the route names its own", async () => {
    expect((await get('/plugin/default')).body).toEqual({ errors: { message: 'Your card was declined.', type: 'CardError' } });
    expect((await get('/plugin/own')).body).toEqual({ message: 'Your card was declined.' });
  });

  it('still hides anything unexpected behind a logged 500', async () => {
    const plain = Fastify({ logger: false });
    registerErrorHandler(plain);
    plain.get('/boom', { config: { errorShape: messageShape } }, () => {
      throw new Error('secret internals');
    });
    const response = await plain.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'A server error occurred. It has been logged.' });
    await plain.close();
  });
});

describe('a database that cannot be reached', () => {
  const failures: [string, unknown][] = [
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['pool wait timed out', new Error('timeout exceeded when trying to connect')],
    ['statement timed out', new Error('Query read timeout')],
    [
      'server shutting down (wrapped)',
      new Error('Failed query: select 1', { cause: Object.assign(new Error('terminating'), { code: '57P01' }) }),
    ],
  ];

  it.each(failures)('answers 503 JSON with Retry-After when the connection is %s', async (_name, failure) => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/read', () => Promise.reject(failure));
    const response = await app.inject({ method: 'GET', url: '/read' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ detail: 'The database is not reachable right now. Try again in a moment.' });
    await app.close();
  });

  it('keeps other database errors a logged 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/read', () => Promise.reject(Object.assign(new Error('syntax error'), { code: '42601' })));
    const response = await app.inject({ method: 'GET', url: '/read' });
    expect(response.statusCode).toBe(500);
    await app.close();
  });
});
