import { describe, expect, it } from 'vitest';
import { isSendKey } from './enter-sends';

const key = (key: string, shiftKey = false, isComposing = false) => ({ key, shiftKey, nativeEvent: { isComposing } });

describe('isSendKey', () => {
  it('is Enter alone', () => {
    expect(isSendKey(key('Enter'))).toBe(true);
  });

  it('is not Shift+Enter, Enter while composing, or another key', () => {
    expect(isSendKey(key('Enter', true))).toBe(false);
    expect(isSendKey(key('Enter', false, true))).toBe(false);
    expect(isSendKey(key('a'))).toBe(false);
  });
});
