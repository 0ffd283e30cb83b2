import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Button, Chip, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { GizmoToggle } from '../../fields/gizmo-toggle';
import { PoseRows } from '../../fields/pose-rows';
import { useEditorStore } from '../editor-store';
import { canMoveUnder, TYPE_LABELS, type SceneNode } from '../scene-model';
import { CameraFields } from './camera-fields';
import { LightFields } from './light-fields';
import { MaterialFields } from './material-fields';
import { ModelFields } from './model-fields';
import { CommitTextField } from './panel-fields';

const TOP = 'top-of-the-scene';

/** Where the node hangs: the top of the scene or any object not under it (the keyboard's and touch's way to re-parent). */
function ParentField({ node }: { node: SceneNode }) {
  const doc = useEditorStore((state) => state.doc);
  const options = doc.nodes.filter((other) => other.id !== node.id && canMoveUnder(doc, node.id, other.id));
  return (
    <TextField
      select
      size="small"
      label="Parent"
      value={node.parent ?? TOP}
      disabled={node.locked}
      onChange={(event) => useEditorStore.getState().move(node.id, event.target.value === TOP ? null : event.target.value)}
      fullWidth
    >
      <MenuItem value={TOP}>The top of the scene</MenuItem>
      {options.map((other) => (
        <MenuItem key={other.id} value={other.id}>
          {other.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Everything about the selected object: name, visibility, lock, parent, transform and what its kind has. */
export function NodeProperties({ node }: { node: SceneNode }) {
  const gizmo = useEditorStore((state) => state.gizmo);
  const { rename, setVisible, setLocked, transform, setGizmo, remove } = useEditorStore.getState();
  const { locked } = node;
  return (
    <Stack spacing={2} component="section" aria-labelledby="node-properties-heading" data-testid="node-properties">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Typography variant="h4" component="h2" id="node-properties-heading" noWrap title={node.name}>
          {node.name}
        </Typography>
        <Chip size="small" label={TYPE_LABELS[node.type]} />
      </Stack>
      <CommitTextField
        key={node.id}
        label="Name"
        value={node.name}
        maxLength={60}
        disabled={locked}
        onCommit={(name) => rename(node.id, name)}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
        <FormControlLabel
          control={<Switch checked={node.visible} onChange={(event) => setVisible(node.id, event.target.checked)} />}
          label="Visible"
        />
        <FormControlLabel
          control={<Switch checked={locked} onChange={(event) => setLocked(node.id, event.target.checked)} />}
          label="Locked"
        />
      </Stack>
      {locked && (
        <Alert severity="info">Locked: it cannot be picked in the view, moved, changed or removed until you unlock it.</Alert>
      )}
      <ParentField node={node} />
      <Stack spacing={1.5} component="section" aria-label="Transform" data-testid="transform-fields">
        <GizmoToggle value={gizmo} onChange={setGizmo} disabled={locked} />
        <PoseRows
          pose={node}
          scaleRange={[0.001, 1000]}
          disabled={locked}
          onChange={(changes, verb) => transform(node.id, changes, verb)}
        />
      </Stack>
      {node.type === 'figure' && <MaterialFields node={node} />}
      {node.type === 'light' && <LightFields node={node} />}
      {node.type === 'camera' && <CameraFields node={node} />}
      {node.type === 'model' && <ModelFields node={node} />}
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteIcon />}
        disabled={locked}
        onClick={() => remove(node.id)}
        sx={{ alignSelf: 'flex-start' }}
      >
        Remove {node.name}
      </Button>
    </Stack>
  );
}
