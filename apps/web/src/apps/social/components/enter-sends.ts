import type { KeyboardEvent } from 'react';

/** Enter sends, Shift+Enter adds a line (and Enter that ends an IME composition only composes). */
export function isSendKey(event: Pick<KeyboardEvent, 'key' | 'shiftKey'> & { nativeEvent: { isComposing?: boolean } }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing;
}
