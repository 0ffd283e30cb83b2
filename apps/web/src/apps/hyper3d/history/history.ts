/**
 * Undo and redo over a history of commands. Each command is kept as the document before it and a
 * label ("Move Cube"), so that undoing restores exactly what was there, whatever the command did.
 */
export interface HistoryEntry<T> {
  label: string;
  state: T;
}
export interface History<T> {
  past: HistoryEntry<T>[];
  future: HistoryEntry<T>[];
  /** The last command's merge key and time, while a next change of the same thing may join it. */
  mergeable?: Merge | null;
}
/** Changes to one thing (`key`, e.g. "cube:roughness") in quick succession are one step to undo. */
export interface Merge {
  key: string;
  /** When the change was made (ms). */
  at: number;
}

export const HISTORY_LIMIT = 100;
/** As the three.js editor: changes of one thing less than half a second apart are one step. */
export const MERGE_MS = 500;
export const emptyHistory = <T>(): History<T> => ({ past: [], future: [], mergeable: null });

/**
 * After a command: what was before it can be restored; a new command forgets what was undone. A
 * change that continues the last one (same merge key, within {@link MERGE_MS}) joins its step.
 */
export function record<T>(history: History<T>, before: T, label: string, merge?: Merge): History<T> {
  const last = history.mergeable;
  if (merge && last && history.past.length > 0 && last.key === merge.key && merge.at - last.at < MERGE_MS) {
    return { past: history.past, future: [], mergeable: merge };
  }
  return { past: [...history.past, { label, state: before }].slice(-HISTORY_LIMIT), future: [], mergeable: merge ?? null };
}

export function undo<T>(history: History<T>, current: T): { history: History<T>; state: T } | null {
  const entry = history.past.at(-1);
  if (!entry) return null;
  return {
    history: {
      past: history.past.slice(0, -1),
      future: [{ label: entry.label, state: current }, ...history.future],
      mergeable: null,
    },
    state: entry.state,
  };
}

export function redo<T>(history: History<T>, current: T): { history: History<T>; state: T } | null {
  const entry = history.future[0];
  if (!entry) return null;
  return {
    history: {
      past: [...history.past, { label: entry.label, state: current }],
      future: history.future.slice(1),
      mergeable: null,
    },
    state: entry.state,
  };
}
