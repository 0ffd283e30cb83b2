import { Stack, TextField } from '@mui/material';
import { PoseRows } from '../fields/pose-rows';
import { poseAt, type AnimatedFigure, type Pose } from './animate-model';
import { useAnimateStore } from './animate-store';

/** The selected figure's pose at the playhead, typed: the keyboard's way to do what the gizmos do. */
export function TransformFields({ figure }: { figure: AnimatedFigure }) {
  const time = useAnimateStore((state) => state.time);
  const transform = useAnimateStore((state) => state.transform);
  const pose = poseAt(figure, time);
  const change = (changes: Partial<Pose>, verb: string) => transform(figure.id, changes, `${verb} ${figure.name}`);
  return (
    <Stack spacing={1.5} data-testid="transform-fields">
      <PoseRows pose={pose} scaleRange={[0.05, 20]} onChange={change} />
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
