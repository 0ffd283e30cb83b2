import { describe, expect, it } from 'vitest';
import { emptyHistory, HISTORY_LIMIT, MERGE_MS, record, redo, undo } from './history';

describe('command history', () => {
  it('undoes and redoes in order, and a new command forgets what was undone', () => {
    let history = emptyHistory<number>();
    history = record(history, 1, 'one');
    history = record(history, 2, 'two');
    let now = 3;
    const back = undo(history, now)!;
    expect([back.state, back.history.past.map((e) => e.label), back.history.future.map((e) => e.label)]).toEqual([
      2,
      ['one'],
      ['two'],
    ]);
    const back2 = undo(back.history, back.state)!;
    expect(back2.state).toBe(1);
    expect(undo(back2.history, back2.state)).toBeNull();
    const forward = redo(back2.history, back2.state)!;
    expect(forward.state).toBe(2);
    now = 9;
    const branched = record(forward.history, now, 'nine');
    expect(branched.future).toEqual([]);
    expect(redo(branched, 10)).toBeNull();
  });

  it(`keeps the last ${HISTORY_LIMIT} commands`, () => {
    let history = emptyHistory<number>();
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) history = record(history, i, `step ${i}`);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]!.state).toBe(20);
  });

  it('keeps a run of changes to one thing (a slider dragged, a colour picked) as one step, as the three.js editor does', () => {
    let history = emptyHistory<number>();
    history = record(history, 1, 'Roughness of Cube', { key: 'cube:roughness', at: 1000 });
    history = record(history, 2, 'Roughness of Cube', { key: 'cube:roughness', at: 1000 + MERGE_MS - 1 });
    history = record(history, 3, 'Roughness of Cube', { key: 'cube:roughness', at: 1000 + 2 * MERGE_MS - 2 });
    expect(history.past.map((entry) => entry.state)).toEqual([1]);
    // Another thing, or a pause, starts a new step.
    history = record(history, 4, 'Metalness of Cube', { key: 'cube:metalness', at: 1000 + 2 * MERGE_MS });
    history = record(history, 5, 'Metalness of Cube', { key: 'cube:metalness', at: 1000 + 4 * MERGE_MS });
    history = record(history, 6, 'Add Cube');
    history = record(history, 7, 'Add Cube');
    expect(history.past.map((entry) => entry.state)).toEqual([1, 4, 5, 6, 7]);
    // After an undo, a change of the same thing is a step of its own (it never joins a step before the undone one).
    let branch = emptyHistory<number>();
    branch = record(branch, 1, 'Metalness of Cube', { key: 'cube:metalness', at: 0 });
    branch = record(branch, 2, 'Roughness of Cube', { key: 'cube:roughness', at: 10 });
    const back = undo(branch, 3)!;
    const after = record(back.history, 2, 'Roughness of Cube', { key: 'cube:roughness', at: 20 });
    expect(after.past.map((entry) => entry.state)).toEqual([1, 2]);
  });
});
