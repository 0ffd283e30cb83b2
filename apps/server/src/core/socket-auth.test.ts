import { describe, expect, it } from 'vitest';
import { chooseProtocol, socketToken } from './socket-auth.js';

const request = (query: Record<string, string>, protocol?: string) =>
  ({ query, headers: protocol ? { 'sec-websocket-protocol': protocol } : {} }) as never;

describe('socket tokens', () => {
  it('reads the token from the query or from the bearer subprotocol pair', () => {
    expect(socketToken(request({ token: 'abc.def.ghi' }))).toBe('abc.def.ghi');
    expect(socketToken(request({}, 'bearer, abc.def.ghi'))).toBe('abc.def.ghi');
    expect(socketToken(request({}, 'realtime, other'))).toBeUndefined();
    expect(socketToken(request({}))).toBeUndefined();
    expect(socketToken(request({ token: '' }, 'bearer'))).toBeUndefined();
  });

  it('answers with the bearer subprotocol when offered, never with the token', () => {
    expect(chooseProtocol(new Set(['bearer', 'abc.def.ghi']))).toBe('bearer');
    expect(chooseProtocol(new Set(['realtime']))).toBe('realtime');
    expect(chooseProtocol(new Set())).toBe(false);
  });
});
