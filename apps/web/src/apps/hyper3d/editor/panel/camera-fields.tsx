import VideocamIcon from '@mui/icons-material/Videocam';
import { Button, Stack } from '@mui/material';
import { NumberField } from '../../fields/number-field';
import { useEditorStore } from '../editor-store';
import type { NodeOf } from '../scene-model';
import { LabelledSlider } from './panel-fields';

/** A perspective camera's field of view and range, and the view through it. */
export function CameraFields({ node }: { node: NodeOf<'camera'> }) {
  const looking = useEditorStore((state) => state.lookThrough === node.id);
  const { setCamera, setLookThrough } = useEditorStore.getState();
  const { camera, locked } = node;
  return (
    <Stack spacing={1.5} component="section" aria-label="Camera" data-testid="camera-fields">
      <Button
        variant={looking ? 'contained' : 'outlined'}
        startIcon={<VideocamIcon />}
        aria-pressed={looking}
        onClick={() => setLookThrough(looking ? null : node.id)}
        sx={{ alignSelf: 'flex-start' }}
      >
        Look through this camera
      </Button>
      <LabelledSlider
        label="Field of view"
        value={camera.fov}
        min={10}
        max={120}
        step={1}
        format={(value) => `${value}°`}
        disabled={locked}
        onChange={(fov) => setCamera(node.id, { fov }, 'Field of view')}
      />
      <Stack direction="row" spacing={1}>
        <NumberField
          label="Near"
          value={camera.near}
          step={0.05}
          disabled={locked}
          onCommit={(near) => near > 0 && near < camera.far && setCamera(node.id, { near: Math.min(1000, near) }, 'Near')}
        />
        <NumberField
          label="Far"
          value={camera.far}
          step={10}
          disabled={locked}
          onCommit={(far) => far > camera.near && setCamera(node.id, { far: Math.min(1_000_000, far) }, 'Far')}
        />
      </Stack>
    </Stack>
  );
}
