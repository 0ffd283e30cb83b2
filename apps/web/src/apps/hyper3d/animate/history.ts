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
}

export const HISTORY_LIMIT = 100;
export const emptyHistory = <T>(): History<T> => ({ past: [], future: [] });

/** After a command: what was before it can be restored; a new command forgets what was undone. */
export function record<T>(history: History<T>, before: T, label: string): History<T> {
  return { past: [...history.past, { label, state: before }].slice(-HISTORY_LIMIT), future: [] };
}

export function undo<T>(history: History<T>, current: T): { history: History<T>; state: T } | null {
  const entry = history.past.at(-1);
  if (!entry) return null;
  return {
    history: { past: history.past.slice(0, -1), future: [{ label: entry.label, state: current }, ...history.future] },
    state: entry.state,
  };
}

export function redo<T>(history: History<T>, current: T): { history: History<T>; state: T } | null {
  const entry = history.future[0];
  if (!entry) return null;
  return {
    history: { past: [...history.past, { label: entry.label, state: current }], future: history.future.slice(1) },
    state: entry.state,
  };
}
