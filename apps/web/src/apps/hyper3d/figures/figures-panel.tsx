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
import { HistoryButtons } from '../history/history-buttons';
import { SceneFiles } from '../storage/scene-files';
import { FigureEditor } from './figure-editor';
import { FIGURE_KINDS, FIGURE_LABELS, MATERIAL_LABELS, MAX_FIGURES, type FigureKind } from './figure-model';
import { useFiguresStore } from './figures-store';

/** The side panel of the figures scene: add, list (select), edit and remove figures, all by keyboard too. */
export function FiguresPanel() {
  const { figures, selectedId, history, undo, redo } = useFiguresStore();
  const { add, remove, select, update, reset, replaceAll } = useFiguresStore.getState();
  const [kind, setKind] = useState<FigureKind>('cube');
  const selected = figures.find((figure) => figure.id === selectedId);
  const full = figures.length >= MAX_FIGURES;

  return (
    <Stack spacing={2} data-testid="figures-panel">
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
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => add(kind)} disabled={full}>
          Add
        </Button>
      </Stack>
      {full && (
        <Typography variant="body2" color="text.secondary">
          The scene holds {MAX_FIGURES} figures at most; remove one to add another.
        </Typography>
      )}

      <Box>
        <Typography variant="h4" component="h2" gutterBottom>
          In the scene ({figures.length})
        </Typography>
        {figures.length === 0 ? (
          <Typography color="text.secondary">The scene is empty. Add a figure above.</Typography>
        ) : (
          <List dense disablePadding aria-label="Figures in the scene" data-testid="figure-list">
            {figures.map((figure) => (
              <ListItem
                key={figure.id}
                disablePadding
                secondaryAction={
                  <IconButton edge="end" aria-label={`Remove ${figure.name}`} onClick={() => remove(figure.id)}>
                    <DeleteOutlineIcon />
                  </IconButton>
                }
              >
                <ListItemButton
                  selected={figure.id === selectedId}
                  aria-pressed={figure.id === selectedId}
                  onClick={() => select(figure.id === selectedId ? null : figure.id)}
                >
                  <Box
                    aria-hidden
                    sx={{
                      width: 16,
                      height: 16,
                      borderRadius: '50%',
                      bgcolor: figure.color,
                      mr: 1.5,
                      border: 1,
                      borderColor: 'divider',
                    }}
                  />
                  <ListItemText
                    primary={figure.name}
                    secondary={`${MATERIAL_LABELS[figure.material]} · ${figure.size.toFixed(1)}×`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Box>

      <Divider />
      {selected ? (
        <FigureEditor
          figure={selected}
          onChange={(changes) => update(selected.id, changes)}
          onRemove={() => remove(selected.id)}
        />
      ) : (
        <Typography color="text.secondary" data-testid="figure-editor-hint">
          Select a figure in the scene or in the list to change its colour, material and size.
        </Typography>
      )}
      <Button variant="text" onClick={reset} sx={{ alignSelf: 'flex-start' }}>
        Reset the scene
      </Button>
      <Divider />
      <SceneFiles
        kind="studio"
        figures={() => useFiguresStore.getState().figures}
        onImport={(imported, fileName) => replaceAll(imported, `Import ${fileName}`)}
        glb={async () => {
          // three.js and the exporter load when a GLB is asked for, not with the panel.
          const { studioObject, disposeExport, exportGlb } = await import('../storage/glb-export');
          const root = studioObject(useFiguresStore.getState().figures);
          try {
            return await exportGlb(root);
          } finally {
            disposeExport(root);
          }
        }}
      />
    </Stack>
  );
}
