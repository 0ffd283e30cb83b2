import { Box, Stack, TextField, Typography } from '@mui/material';
import { poseAt, type AnimatedFigure, type Pose } from './animate-model';
import { useAnimateStore } from './animate-store';
import type { Vec3 } from './keyframes';
import { NumberField } from './number-field';

const AXES = ['X', 'Y', 'Z'] as const;
const DEGREES = 180 / Math.PI;

interface RowProps {
  legend: string;
  value: Vec3;
  scale?: number;
  step?: number;
  onCommit: (value: Vec3) => void;
}

function Vec3Row({ legend, value, scale = 1, step, onCommit }: RowProps) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {legend}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
        {AXES.map((axis, i) => (
          <NumberField
            key={axis}
            label={`${legend} ${axis}`}
            value={value[i]! * scale}
            step={step}
            onCommit={(number) => onCommit(value.map((old, j) => (j === i ? number / scale : old)) as Vec3)}
          />
        ))}
      </Box>
    </Box>
  );
}

/** The selected figure's pose at the playhead, typed: the keyboard's way to do what the gizmos do. */
export function TransformFields({ figure }: { figure: AnimatedFigure }) {
  const time = useAnimateStore((state) => state.time);
  const transform = useAnimateStore((state) => state.transform);
  const pose = poseAt(figure, time);
  const change = (changes: Partial<Pose>, verb: string) => transform(figure.id, changes, `${verb} ${figure.name}`);
  return (
    <Stack spacing={1.5} data-testid="transform-fields">
      <Vec3Row legend="Position" value={pose.position} onCommit={(position) => change({ position }, 'Move')} />
      <Vec3Row
        legend="Rotation (°)"
        value={pose.rotation}
        scale={DEGREES}
        step={5}
        onCommit={(rotation) => change({ rotation }, 'Rotate')}
      />
      <Vec3Row
        legend="Scale"
        value={pose.scale}
        onCommit={(scale) => change({ scale: scale.map((s) => Math.min(20, Math.max(0.05, s))) as Vec3 }, 'Scale')}
      />
      <TextField
        size="small"
        type="color"
        label="Colour"
        value={pose.colour}
        onChange={(event) => change({ colour: event.target.value }, 'Colour')}
        sx={{ maxWidth: 120 }}
      />
    </Stack>
  );
}
