import CameraAltIcon from '@mui/icons-material/CameraAlt';
import EditIcon from '@mui/icons-material/Edit';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import {
  Alert,
  Box,
  Button,
  Chip,
  Divider,
  FormControlLabel,
  Stack,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useRef } from 'react';
import { HistoryButtons } from '../history/history-buttons';
import { ClipList } from './clip-list';
import { ACCEPTED_FILES } from './file-set';
import { orientedSize, UP_AXIS_LABELS, type UpAxis } from './model-setup';
import { ModelStatsList } from './model-stats-list';
import { useViewerStore } from './viewer-store';

interface Props {
  onOpen: (files: File[]) => void;
  onScreenshot: () => void;
  /** Places the model on show into the editor's scene. */
  onOpenInEditor?: () => void;
}

/** Open files, read the model's statistics, play its clips, switch wireframe and grid, take a screenshot. */
export function ViewerPanel({ onOpen, onScreenshot, onOpenInEditor }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const {
    status,
    error,
    modelName,
    isSample,
    stats,
    extent,
    upAxis,
    missing,
    wireframe,
    grid,
    environment,
    softwareRenderer,
    history,
  } = useViewerStore();
  const { dismissError, setWireframe, setGrid, setEnvironment, setUpAxis, undo, redo } = useViewerStore.getState();
  return (
    <Stack spacing={2} data-testid="viewer-panel">
      <HistoryButtons history={history} undo={undo} redo={redo} />
      <Box>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPTED_FILES}
          hidden
          data-testid="model-file-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) onOpen(files);
          }}
        />
        <Button
          variant="contained"
          startIcon={<FolderOpenIcon />}
          onClick={() => input.current?.click()}
          disabled={status === 'loading'}
        >
          Open model files
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Or drop them on the view. glTF (the .gltf with its .bin and textures), GLB, OBJ (with its .mtl), STL, PLY or FBX. Files
          stay on this device.
        </Typography>
      </Box>
      {error && (
        <Alert severity="error" onClose={dismissError} data-testid="model-error">
          {error}
        </Alert>
      )}
      {missing.length > 0 && (
        <Alert severity="warning" data-testid="model-missing">
          Shown without files it refers to: {missing.join(', ')}.
        </Alert>
      )}
      <Divider />
      {modelName && stats ? (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Typography variant="h4" component="h2" noWrap data-testid="model-name" title={modelName}>
              {modelName}
            </Typography>
            {isSample && <Chip size="small" label="Sample" />}
          </Stack>
          <ModelStatsList stats={stats} size={extent ? orientedSize(extent, upAxis) : undefined} />
          <Box>
            <Typography variant="body2" color="text.secondary" id="up-axis-label" gutterBottom>
              Up axis of the file (STL and PLY are usually Z-up)
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={upAxis}
              aria-labelledby="up-axis-label"
              onChange={(_, value: UpAxis | null) => value && setUpAxis(value)}
            >
              {(['y', 'z'] as const).map((axis) => (
                <ToggleButton key={axis} value={axis} data-testid={`up-axis-${axis}`}>
                  {UP_AXIS_LABELS[axis]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          <Box>
            <Typography variant="h4" component="h3" gutterBottom>
              Animation
            </Typography>
            <ClipList />
          </Box>
        </>
      ) : (
        <Typography color="text.secondary">{status === 'loading' ? 'Loading the model…' : 'No model is open.'}</Typography>
      )}
      <Divider />
      <Box>
        <FormControlLabel
          control={<Switch checked={wireframe} onChange={(event) => setWireframe(event.target.checked)} />}
          label="Wireframe"
        />
        <FormControlLabel control={<Switch checked={grid} onChange={(event) => setGrid(event.target.checked)} />} label="Grid" />
        <FormControlLabel
          control={<Switch checked={environment} onChange={(event) => setEnvironment(event.target.checked)} />}
          label="Environment lighting"
        />
        {softwareRenderer && (
          <Typography variant="body2" color="text.secondary" data-testid="software-renderer-note">
            This browser draws 3D without a graphics card, so environment lighting starts off: preparing it takes several seconds
            here.
          </Typography>
        )}
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" startIcon={<CameraAltIcon />} onClick={onScreenshot} disabled={!modelName}>
          Download a screenshot
        </Button>
        {onOpenInEditor && (
          <Button
            variant="outlined"
            startIcon={<EditIcon />}
            onClick={onOpenInEditor}
            disabled={!modelName || status === 'loading'}
          >
            Open in the editor
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
