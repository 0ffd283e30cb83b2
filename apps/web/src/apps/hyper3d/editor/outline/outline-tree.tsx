import { Box, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useEditorStore } from '../editor-store';
import { canMoveUnder } from '../scene-model';
import { dropPlacement, dropZone, keyboardMove, visibleRows, type DropZone, type OutlineRow as Row } from './outline-model';
import { OutlineRow } from './outline-row';

const DRAG_TYPE = 'application/x-hyper3d-node';
const MOVES: Record<string, 'up' | 'down' | 'in' | 'out'> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowRight: 'in',
  ArrowLeft: 'out',
};

/**
 * The scene as an outline, a tree for screen readers too (WAI-ARIA tree pattern): arrows move between
 * objects and open or close groups, Enter or a click selects (selection follows the focus), F2 renames,
 * Delete removes, Alt with the arrows moves an object among its siblings, into the one above or out of
 * its parent; a drag does the same with the pointer. The view's selection and the outline's follow each other.
 */
export function OutlineTree() {
  const doc = useEditorStore((state) => state.doc);
  const selectedId = useEditorStore((state) => state.selectedId);
  const collapsed = useEditorStore((state) => state.collapsed);
  const { select, setExpanded, move, remove, rename, setVisible, setLocked } = useEditorStore.getState();
  const rows = useMemo(() => visibleRows(doc, collapsed), [doc, collapsed]);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [drop, setDrop] = useState<{ id: string; zone: DropZone } | null>(null);
  const dragged = useRef<string | null>(null);
  const items = useRef(new Map<string, HTMLDivElement>());
  const tree = useRef<HTMLDivElement>(null);
  const helpId = useId();

  const active = rows.find((row) => row.node.id === (focusId ?? selectedId))?.node.id ?? selectedId ?? rows[0]?.node.id ?? null;
  // Keyboard focus follows the active row, but only while the outline has it (a click in the view never steals it).
  useEffect(() => {
    if (active && tree.current?.contains(document.activeElement)) items.current.get(active)?.focus();
  }, [active, rows]);

  const goTo = (id: string | undefined) => {
    if (!id) return;
    setFocusId(id);
    select(id);
    items.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, row: Row, index: number) => {
    const { node } = row;
    const move = MOVES[event.key];
    if (event.altKey && move) {
      const placement = keyboardMove(useEditorStore.getState().doc, node.id, move);
      if (placement) useEditorStore.getState().move(node.id, placement.parent, placement.before);
      if (placement?.parent) setExpanded(placement.parent, true);
    } else if (event.key === 'ArrowDown') goTo(rows[index + 1]?.node.id);
    else if (event.key === 'ArrowUp') goTo(rows[index - 1]?.node.id);
    else if (event.key === 'Home') goTo(rows[0]?.node.id);
    else if (event.key === 'End') goTo(rows.at(-1)?.node.id);
    else if (event.key === 'ArrowRight') {
      if (row.hasChildren && !row.expanded) setExpanded(node.id, true);
      else if (row.expanded) goTo(rows[index + 1]?.node.id);
    } else if (event.key === 'ArrowLeft') {
      if (row.expanded) setExpanded(node.id, false);
      else goTo(node.parent ?? undefined);
    } else if (event.key === 'Enter' || event.key === ' ') select(node.id);
    else if (event.key === 'F2' && !node.locked) setRenaming(node.id);
    else if ((event.key === 'Delete' || event.key === 'Backspace') && !node.locked) {
      const next = rows[index + 1]?.node.id ?? rows[index - 1]?.node.id;
      remove(node.id);
      if (next && next !== node.id) goTo(next);
    } else return;
    event.preventDefault();
  };

  const dragHandlers = (row: Row) => ({
    onStart: (event: DragEvent<HTMLElement>) => {
      dragged.current = row.node.id;
      event.dataTransfer.setData(DRAG_TYPE, row.node.id);
      event.dataTransfer.effectAllowed = 'move';
    },
    onOver: (event: DragEvent<HTMLElement>) => {
      const id = dragged.current;
      if (!id || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
      const zone = dropZone(event.nativeEvent.offsetY, event.currentTarget.clientHeight);
      const placement = dropPlacement(useEditorStore.getState().doc, row.node.id, zone);
      if (!placement || placement.before === id || !canMoveUnder(useEditorStore.getState().doc, id, placement.parent)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (drop?.id !== row.node.id || drop.zone !== zone) setDrop({ id: row.node.id, zone });
    },
    onLeave: () => setDrop((current) => (current?.id === row.node.id ? null : current)),
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      const id = dragged.current;
      const zone = dropZone(event.nativeEvent.offsetY, event.currentTarget.clientHeight);
      const placement = id ? dropPlacement(useEditorStore.getState().doc, row.node.id, zone) : null;
      if (id && placement) {
        move(id, placement.parent, placement.before);
        if (placement.parent) setExpanded(placement.parent, true);
      }
      dragged.current = null;
      setDrop(null);
    },
    onEnd: () => {
      dragged.current = null;
      setDrop(null);
    },
  });

  if (rows.length === 0) {
    return (
      <Typography color="text.secondary">The scene is empty: add a figure, a light or a camera, or import a model.</Typography>
    );
  }
  return (
    <>
      <Box
        ref={tree}
        role="tree"
        aria-label="Scene outline"
        aria-describedby={helpId}
        data-testid="outline"
        onDragOver={(event) => {
          // Below the last row: back to the top of the scene, last.
          if (event.target === event.currentTarget && dragged.current) event.preventDefault();
        }}
        onDrop={(event) => {
          if (event.target !== event.currentTarget || !dragged.current) return;
          event.preventDefault();
          move(dragged.current, null, null);
          dragged.current = null;
          setDrop(null);
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, pb: 1 }}
      >
        {rows.map((row, index) => (
          <OutlineRow
            key={row.node.id}
            ref={(element) => {
              if (element) items.current.set(row.node.id, element);
              else items.current.delete(row.node.id);
            }}
            row={row}
            selected={row.node.id === selectedId}
            tabbable={row.node.id === active}
            renaming={renaming === row.node.id}
            dropZone={drop?.id === row.node.id ? drop.zone : null}
            onSelect={() => goTo(row.node.id)}
            onToggle={() => setExpanded(row.node.id, !row.expanded)}
            onKeyDown={(event) => onKeyDown(event, row, index)}
            onStartRename={() => !row.node.locked && setRenaming(row.node.id)}
            onRename={(name) => {
              setRenaming(null);
              if (name !== null) rename(row.node.id, name);
              items.current.get(row.node.id)?.focus();
            }}
            onVisible={(visible) => setVisible(row.node.id, visible)}
            onLocked={(locked) => setLocked(row.node.id, locked)}
            drag={dragHandlers(row)}
          />
        ))}
      </Box>
      <Typography id={helpId} variant="caption" color="text.secondary" component="p">
        Arrows move through the outline and open or close groups; F2 renames, Delete removes; Alt with the arrows moves the object
        up, down, into the one above or out of its group. Drag a row to move it before, after or into another.
      </Typography>
    </>
  );
}
