import { Box, Typography } from '@mui/material';
import { NumberField } from './number-field';

type Vec3 = [number, number, number];
const AXES = ['X', 'Y', 'Z'] as const;
const DEGREES = 180 / Math.PI;

interface RowProps {
  legend: string;
  value: Vec3;
  scale?: number;
  step?: number;
  disabled?: boolean;
  onCommit: (value: Vec3) => void;
}

/** Three numbers typed freely, each applied on Enter or leaving the field: one edit, one step to undo. */
export function Vec3Row({ legend, value, scale = 1, step, disabled, onCommit }: RowProps) {
  return (
    <Box component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
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
            disabled={disabled}
            onCommit={(number) => onCommit(value.map((old, j) => (j === i ? number / scale : old)) as Vec3)}
          />
        ))}
      </Box>
    </Box>
  );
}

export interface Pose {
  position: Vec3;
  /** Radians; shown and typed in degrees. */
  rotation: Vec3;
  scale: Vec3;
}

/**
 * Position, rotation (in degrees) and scale, typed: the keyboard's way to do what the gizmos do. Each
 * change names its verb (Move, Rotate, Scale) for the history.
 */
export function PoseRows({
  pose,
  scaleRange: [min, max],
  disabled,
  onChange,
}: {
  pose: Pose;
  scaleRange: [number, number];
  disabled?: boolean;
  onChange: (changes: Partial<Pose>, verb: 'Move' | 'Rotate' | 'Scale') => void;
}) {
  return (
    <>
      <Vec3Row
        legend="Position"
        value={pose.position}
        disabled={disabled}
        onCommit={(position) => onChange({ position }, 'Move')}
      />
      <Vec3Row
        legend="Rotation (°)"
        value={pose.rotation}
        scale={DEGREES}
        step={5}
        disabled={disabled}
        onCommit={(rotation) => onChange({ rotation }, 'Rotate')}
      />
      <Vec3Row
        legend="Scale"
        value={pose.scale}
        disabled={disabled}
        onCommit={(scale) => onChange({ scale: scale.map((s) => Math.min(max, Math.max(min, s))) as Vec3 }, 'Scale')}
      />
    </>
  );
}
