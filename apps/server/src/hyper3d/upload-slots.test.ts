import { describe, expect, it } from 'vitest';
import { createSlots } from './upload-slots.js';

describe('createSlots', () => {
  it('runs at most `size` tasks at once, the rest in order as slots free, and frees a slot when a task fails', async () => {
    const slots = createSlots(2);
    const order: string[] = [];
    const gates = new Map<string, () => void>();
    const task = (name: string, fail = false) =>
      slots.run(async () => {
        order.push(`start ${name}`);
        await new Promise<void>((resolve) => gates.set(name, resolve));
        order.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const a = task('a', true);
    const b = task('b');
    const c = task('c');
    await Promise.resolve();
    expect(order).toEqual(['start a', 'start b']);
    expect(slots.load).toEqual({ busy: 2, waiting: 1 });
    gates.get('a')!();
    await expect(a).rejects.toThrow('a');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['start a', 'start b', 'end a', 'start c']);
    gates.get('b')!();
    gates.get('c')!();
    expect(await Promise.all([b, c])).toEqual(['b', 'c']);
    expect(slots.load).toEqual({ busy: 0, waiting: 0 });
  });
});
