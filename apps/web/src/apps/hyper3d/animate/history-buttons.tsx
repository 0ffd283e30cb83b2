import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { useEffect } from 'react';
import { useAnimateStore } from './animate-store';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo (⌘ on a Mac). A field being typed in keeps its own undo. */
export function useUndoShortcuts() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      const { undo, redo } = useAnimateStore.getState();
      if (key === 'z' && !event.shiftKey) undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export function HistoryButtons() {
  const last = useAnimateStore((state) => state.history.past.at(-1)?.label);
  const next = useAnimateStore((state) => state.history.future[0]?.label);
  const { undo, redo } = useAnimateStore.getState();
  useUndoShortcuts();
  return (
    <Stack direction="row" spacing={1}>
      <Tooltip title={last ? `Undo ${last} (Ctrl+Z)` : 'Nothing to undo'}>
        <span>
          <IconButton
            aria-label={last ? `Undo ${last}` : 'Undo'}
            onClick={undo}
            disabled={!last}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <UndoIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={next ? `Redo ${next} (Ctrl+Shift+Z)` : 'Nothing to redo'}>
        <span>
          <IconButton
            aria-label={next ? `Redo ${next}` : 'Redo'}
            onClick={redo}
            disabled={!next}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <RedoIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
