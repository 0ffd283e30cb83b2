/**
 * At most `size` tasks at once; the others wait their turn in order. A scene save holds its files in
 * memory (up to HYPER3D_SCENE_LIMIT each), so saves are read a few at a time: a waiting one costs only
 * its socket, whose unread bytes stay with the sender.
 */
export function createSlots(size: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (busy < size) busy++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Tasks running and waiting (for tests). */
    get load() {
      return { busy, waiting: waiting.length };
    },
  };
}
