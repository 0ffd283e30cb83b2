import CameraIcon from '@mui/icons-material/CameraAlt';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import LightIcon from '@mui/icons-material/LightbulbOutlined';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import ModelIcon from '@mui/icons-material/ViewInAr';
import ShapeIcon from '@mui/icons-material/Category';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Box, CircularProgress, IconButton, InputBase } from '@mui/material';
import { forwardRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useModelStatus } from '../model-status';
import { TYPE_LABELS, type SceneNode } from '../scene-model';
import type { DropZone, OutlineRow as Row } from './outline-model';

const ICONS: Record<SceneNode['type'], typeof FolderIcon> = {
  group: FolderIcon,
  figure: ShapeIcon,
  light: LightIcon,
  camera: CameraIcon,
  model: ModelIcon,
};

/** What a screen reader says for a row: its name, what it is and its state. */
export function rowLabel(node: SceneNode): string {
  return [node.name, TYPE_LABELS[node.type].toLowerCase(), !node.visible && 'hidden', node.locked && 'locked']
    .filter(Boolean)
    .join(', ');
}

interface Props {
  row: Row;
  selected: boolean;
  tabbable: boolean;
  renaming: boolean;
  dropZone: DropZone | null;
  onSelect: () => void;
  onToggle: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onRename: (name: string | null) => void;
  onStartRename: () => void;
  onVisible: (visible: boolean) => void;
  onLocked: (locked: boolean) => void;
  drag: {
    onStart: (event: DragEvent<HTMLElement>) => void;
    onOver: (event: DragEvent<HTMLElement>) => void;
    onLeave: () => void;
    onDrop: (event: DragEvent<HTMLElement>) => void;
    onEnd: () => void;
  };
}

/** One row of the outline: a tree item with its opener, icon, name, and hide and lock buttons (for the pointer). */
export const OutlineRow = forwardRef<HTMLDivElement, Props>(function OutlineRow(props, ref) {
  const {
    row,
    selected,
    tabbable,
    renaming,
    dropZone,
    onSelect,
    onToggle,
    onKeyDown,
    onRename,
    onStartRename,
    onVisible,
    onLocked,
    drag,
  } = props;
  const { node, level, position, siblings, hasChildren, expanded } = row;
  const status = useModelStatus((all) => all[node.id]);
  const [draft, setDraft] = useState(node.name);
  const Icon = ICONS[node.type];
  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();
  return (
    <Box
      ref={ref}
      role="treeitem"
      aria-level={level}
      aria-setsize={siblings}
      aria-posinset={position}
      aria-expanded={hasChildren ? expanded : undefined}
      aria-selected={selected}
      aria-label={rowLabel(node)}
      tabIndex={tabbable ? 0 : -1}
      data-testid="outline-item"
      data-node-id={node.id}
      data-drop={dropZone ?? undefined}
      draggable={!node.locked && !renaming}
      onDragStart={drag.onStart}
      onDragOver={drag.onOver}
      onDragLeave={drag.onLeave}
      onDrop={drag.onDrop}
      onDragEnd={drag.onEnd}
      onClick={onSelect}
      onDoubleClick={onStartRename}
      onKeyDown={renaming ? undefined : onKeyDown}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        minHeight: 36,
        pl: (level - 1) * 2,
        pr: 0.5,
        borderRadius: 1,
        cursor: 'pointer',
        color: node.visible ? 'text.primary' : 'text.secondary',
        bgcolor: dropZone === 'inside' ? 'action.focus' : selected ? 'action.selected' : 'transparent',
        borderTop: 2,
        borderBottom: 2,
        borderTopColor: dropZone === 'before' ? 'primary.main' : 'transparent',
        borderBottomColor: dropZone === 'after' ? 'primary.main' : 'transparent',
        outline: 'none',
        '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
        '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
      }}
    >
      <Box
        component="span"
        aria-hidden
        onClick={(event) => {
          stop(event);
          if (hasChildren) onToggle();
        }}
        sx={{ display: 'inline-flex', width: 24, justifyContent: 'center', flexShrink: 0 }}
      >
        {hasChildren && (expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />)}
      </Box>
      <Icon fontSize="small" aria-hidden sx={{ flexShrink: 0, color: 'text.secondary' }} />
      {renaming ? (
        <InputBase
          inputRef={(element: HTMLInputElement | null) => {
            // The field takes the focus as it opens (F2 or a double click asked for it).
            if (element && document.activeElement !== element) element.focus();
          }}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onFocus={(event) => event.target.select()}
          onClick={stop}
          onKeyDown={(event) => {
            stop(event);
            if (event.key === 'Enter') onRename(draft);
            if (event.key === 'Escape') onRename(null);
          }}
          onBlur={() => onRename(draft)}
          inputProps={{ 'aria-label': `New name of ${node.name}`, maxLength: 60 }}
          sx={{ flex: 1, fontSize: 14, px: 0.5, border: 1, borderColor: 'primary.main', borderRadius: 0.5 }}
        />
      ) : (
        <Box
          component="span"
          sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: 14 }}
        >
          {node.name}
        </Box>
      )}
      {status?.state === 'loading' && <CircularProgress size={14} aria-hidden />}
      {status?.state === 'failed' && <ErrorIcon fontSize="small" color="error" aria-hidden />}
      <IconButton
        size="small"
        tabIndex={-1}
        aria-label={`${node.visible ? 'Hide' : 'Show'} ${node.name}`}
        onClick={(event) => {
          stop(event);
          onVisible(!node.visible);
        }}
      >
        {node.visible ? <VisibilityIcon fontSize="small" /> : <VisibilityOffIcon fontSize="small" />}
      </IconButton>
      <IconButton
        size="small"
        tabIndex={-1}
        aria-label={`${node.locked ? 'Unlock' : 'Lock'} ${node.name}`}
        onClick={(event) => {
          stop(event);
          onLocked(!node.locked);
        }}
      >
        {node.locked ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" sx={{ opacity: 0.45 }} />}
      </IconButton>
    </Box>
  );
});
