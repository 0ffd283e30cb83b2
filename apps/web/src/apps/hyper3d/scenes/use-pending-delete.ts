import type { Hyper3dSceneSummary } from '@portal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteScene } from '../api/delete-scene';

export const UNDO_WINDOW_MS = 5000;

/**
 * A delete with a moment to undo it (as the social network deletes posts, decision 012): the scene
 * leaves the list at once, and the server is told when the moment ends, when another scene is deleted,
 * or when the page is left. Undo (the snackbar's button, Ctrl+Z) keeps it.
 */
export function usePendingDelete(onDeleted: () => void) {
  const [scene, setScene] = useState<Hyper3dSceneSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const current = useRef<Hyper3dSceneSummary | null>(null);
  const done = useRef(onDeleted);
  done.current = onDeleted;

  const send = useCallback(() => {
    clearTimeout(timer.current);
    const gone = current.current;
    current.current = null;
    setScene(null);
    if (!gone) return;
    deleteScene(gone.id)
      .then(() => done.current())
      .catch((failure: unknown) => {
        setError(`“${gone.name}” could not be deleted: ${failure instanceof Error ? failure.message : String(failure)}`);
        done.current();
      });
  }, []);

  const remove = useCallback(
    (next: Hyper3dSceneSummary) => {
      send();
      current.current = next;
      setScene(next);
      timer.current = setTimeout(send, UNDO_WINDOW_MS);
    },
    [send],
  );

  const undo = useCallback(() => {
    clearTimeout(timer.current);
    current.current = null;
    setScene(null);
  }, []);

  // Leaving the page sends the delete at once.
  useEffect(() => send, [send]);

  return { scene, remove, undo, error, dismissError: () => setError(null) };
}
