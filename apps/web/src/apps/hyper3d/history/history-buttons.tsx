import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { useEffect, useRef } from 'react';
import type { History } from './history';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** What a page's history offers: the labels of the next undo and redo, and the two actions. */
export interface Undoable {
  history: Pick<History<unknown>, 'past' | 'future'>;
  undo: () => void;
  redo: () => void;
}

/**
 * Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo (⌘ on a Mac). A field being typed in keeps its own undo.
 * The handlers are read when the key is pressed, so the page's store may change them freely.
 */
export function useUndoShortcuts(undo: () => void, redo: () => void) {
  const actions = useRef({ undo, redo });
  actions.current = { undo, redo };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) actions.current.undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') actions.current.redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** Undo and redo buttons (for touch screens and mice), named after the step they take, with the shortcuts. */
export function HistoryButtons({ history, undo, redo }: Undoable) {
  const last = history.past.at(-1)?.label;
  const next = history.future[0]?.label;
  const mod = isMac() ? '⌘' : 'Ctrl+';
  useUndoShortcuts(undo, redo);
  return (
    <Stack direction="row" spacing={1} data-testid="history-buttons">
      <Tooltip title={last ? `Undo ${last} (${mod}Z)` : 'Nothing to undo'}>
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
      <Tooltip title={next ? `Redo ${next} (${mod}Shift+Z)` : 'Nothing to redo'}>
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
