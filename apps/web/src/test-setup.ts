import { afterEach } from 'vitest';

afterEach(() => {
  // Absent in the few tests that run in Node (the lint rule test).
  globalThis.localStorage?.clear();
});
