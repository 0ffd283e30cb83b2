import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { animationObject, disposeExport, exportGlb } from '../storage/glb-export';
import { SceneFiles } from '../storage/scene-files';
import { FIGURE_KINDS, FIGURE_LABELS, type FigureKind } from '../figures/figure-model';
import { keyIndexAt, MAX_ANIMATED_FIGURES } from './animate-model';
import { useAnimateStore } from './animate-store';
import { GizmoToggle } from '../fields/gizmo-toggle';
import { HistoryButtons } from '../history/history-buttons';
import { TransformFields } from './transform-fields';

/** Add and choose figures, key their poses at the playhead, and move, turn and scale them by number. */
export function AnimatePanel() {
  const { figures, selectedId, time, gizmo, history, undo, redo } = useAnimateStore();
  const { select, setGizmo, addFigure, removeFigure, addKeyframe, removeKeyframe, replaceAll } = useAnimateStore.getState();
  const [kind, setKind] = useState<FigureKind>('sphere');
  const selected = figures.find((figure) => figure.id === selectedId);
  const onKey = selected ? keyIndexAt(selected, time) >= 0 : false;
  const full = figures.length >= MAX_ANIMATED_FIGURES;
  return (
    <Stack spacing={2} data-testid="animate-panel">
      <HistoryButtons history={history} undo={undo} redo={redo} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label="Figure"
          value={kind}
          onChange={(event) => setKind(event.target.value as FigureKind)}
          sx={{ flexGrow: 1 }}
        >
          {FIGURE_KINDS.map((value) => (
            <MenuItem key={value} value={value}>
              {FIGURE_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => addFigure(kind)} disabled={full}>
          Add
        </Button>
      </Stack>
      <Box>
        <Typography variant="h4" component="h2" gutterBottom>
          Figures ({figures.length})
        </Typography>
        <List dense disablePadding aria-label="Animated figures">
          {figures.map((figure) => (
            <ListItem
              key={figure.id}
              disablePadding
              secondaryAction={
                <IconButton edge="end" aria-label={`Remove ${figure.name}`} onClick={() => removeFigure(figure.id)}>
                  <DeleteOutlineIcon />
                </IconButton>
              }
            >
              <ListItemButton
                selected={figure.id === selectedId}
                aria-pressed={figure.id === selectedId}
                onClick={() => select(figure.id)}
              >
                <ListItemText
                  primary={figure.name}
                  secondary={figure.keys.length === 1 ? '1 keyframe' : `${figure.keys.length} keyframes`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Divider />
      {selected ? (
        <Stack spacing={1.5} component="section" aria-labelledby="selected-figure-heading">
          <Typography variant="h4" component="h2" id="selected-figure-heading">
            {selected.name} at {time.toFixed(2)} s
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" size="small" onClick={addKeyframe} disabled={onKey}>
              Add keyframe
            </Button>
            <Button variant="text" size="small" onClick={removeKeyframe} disabled={!onKey || selected.keys.length <= 1}>
              Remove keyframe
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Changes are kept as a keyframe at the playhead.
          </Typography>
          <GizmoToggle value={gizmo} onChange={setGizmo} />
          <TransformFields figure={selected} />
        </Stack>
      ) : (
        <Typography color="text.secondary">Select a figure to key, move, turn and scale it.</Typography>
      )}
      <Divider />
      <SceneFiles
        kind="animation"
        figures={() => useAnimateStore.getState().figures}
        onImport={(imported, fileName) => replaceAll(imported, `Import ${fileName}`)}
        glb={async () => {
          const { root, clip } = animationObject(useAnimateStore.getState().figures);
          try {
            return await exportGlb(root, [clip]);
          } finally {
            disposeExport(root);
          }
        }}
      />
    </Stack>
  );
}
