import { describe, expect, it } from 'vitest';
import {
  Conflict,
  Forbidden,
  Invalid,
  NO_PROFILE,
  NotFound,
  RateLimited,
  TooLarge,
  Unauthenticated,
  Unavailable,
  UpstreamFailed,
  UpstreamTimeout,
} from './domain-errors.js';
import { detailShape, errorShape, messageShape, shopShape, socialShape, tokenShape } from './error-shapes.js';

const missing = new Unauthenticated();
const refusedToken = new Unauthenticated('Given token not valid for any token type', {
  credentials: 'refused',
  code: 'token_not_valid',
  reason: 'Token is expired',
});

describe('error shapes', () => {
  it('give every kind its status, whatever the body', () => {
    const statuses = [
      [new Invalid('x'), 400],
      [missing, 401],
      [new Forbidden(), 403],
      [new NotFound(), 404],
      [new Conflict('x'), 409],
      [new TooLarge('x'), 413],
      [new RateLimited('x', 1), 429],
      [new UpstreamFailed('x'), 502],
      [new Unavailable('x'), 503],
      [new UpstreamTimeout('x'), 504],
    ] as const;
    for (const shape of [detailShape, errorShape, messageShape, shopShape, socialShape]) {
      for (const [error, status] of statuses) expect(shape(error).status).toBe(status);
    }
  });

  it('send Retry-After with a rate limit, rounded up and at least one second', () => {
    for (const shape of [detailShape, errorShape, messageShape, shopShape]) {
      expect(shape(new RateLimited('Slow down.', 0.2)).headers).toEqual({ 'retry-after': '1' });
      expect(shape(new RateLimited('Slow down.', 61.5)).headers).toEqual({ 'retry-after': '62' });
    }
  });

  it('detail: DRF exceptions and serializer field errors', () => {
    expect(detailShape(new NotFound())).toEqual({ status: 404, body: { detail: 'Not found.' }, headers: {} });
    expect(detailShape(new Conflict('You are already friends.')).body).toEqual({ detail: 'You are already friends.' });
    expect(detailShape(Invalid.fields({ token: ['Invalid token for given user.'] })).body).toEqual({
      token: ['Invalid token for given user.'],
    });
    expect(detailShape(Invalid.fields({ non_field_errors: ['Unable to create account.'] })).body).toEqual({
      non_field_errors: ['Unable to create account.'],
    });
  });

  it('token: missing credentials challenge for a Token; refused ones carry SimpleJWT code and messages', () => {
    expect(tokenShape(missing)).toEqual({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.' },
      headers: { 'www-authenticate': 'Token' },
    });
    expect(tokenShape(refusedToken)).toEqual({
      status: 401,
      body: {
        detail: 'Given token not valid for any token type',
        code: 'token_not_valid',
        messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is expired' }],
      },
      headers: {},
    });
    expect(
      tokenShape(new Unauthenticated('Token is blacklisted', { credentials: 'refused', code: 'token_not_valid' })).body,
    ).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
    expect(tokenShape(new Unauthenticated('Invalid token.', { credentials: 'refused' }))).toEqual({
      status: 401,
      body: { detail: 'Invalid token.' },
      headers: {},
    });
  });

  it('answer every 401 alike, whatever the style of the route', () => {
    for (const shape of [detailShape, errorShape, messageShape, shopShape, socialShape]) {
      expect(shape(missing)).toEqual(tokenShape(missing));
      expect(shape(refusedToken)).toEqual(tokenShape(refusedToken));
    }
  });

  it('error: hand-written views', () => {
    expect(errorShape(new NotFound('Category not found.')).body).toEqual({ error: 'Category not found.' });
    expect(errorShape(new TooLarge('Each picture must be at most 10 MB.'))).toEqual({
      status: 413,
      body: { error: 'Each picture must be at most 10 MB.' },
      headers: {},
    });
  });

  it('message: the message, with any field errors beside it', () => {
    expect(messageShape(new UpstreamFailed('The AI sent an empty answer.')).body).toEqual({
      message: 'The AI sent an empty answer.',
    });
    expect(messageShape(new Invalid('Invalid form data!', { fields: { email: ['Enter a valid email address.'] } })).body).toEqual(
      {
        message: 'Invalid form data!',
        email: ['Enter a valid email address.'],
      },
    );
  });

  it('shop: lookups and permissions as DRF, form and payment errors under errors, the rest as error', () => {
    expect(shopShape(new NotFound('No Product matches the given query.')).body).toEqual({
      detail: 'No Product matches the given query.',
    });
    expect(shopShape(new Forbidden('Only buyers may review.')).body).toEqual({ detail: 'Only buyers may review.' });
    expect(shopShape(Invalid.fields({ stripe_token: ['This field is required.'] })).body).toEqual({
      errors: { stripe_token: ['This field is required.'] },
    });
    expect(shopShape(new Invalid('Your card was declined.', { code: 'CardError' })).body).toEqual({
      errors: { message: 'Your card was declined.', type: 'CardError' },
    });
    expect(shopShape(new Invalid('Your cart is empty!')).body).toEqual({ error: 'Your cart is empty!' });
    expect(shopShape(new Unavailable('Payments are off.'))).toEqual({
      status: 503,
      body: { error: 'Payments are off.' },
      headers: {},
    });
  });

  it('social: DRF detail, but the missing social profile answers with message', () => {
    expect(socialShape(new NotFound('Invalid page.')).body).toEqual({ detail: 'Invalid page.' });
    expect(socialShape(new NotFound('Profile does not exist for this user', { code: NO_PROFILE }))).toEqual({
      status: 404,
      body: { message: 'Profile does not exist for this user' },
      headers: {},
    });
  });
});
