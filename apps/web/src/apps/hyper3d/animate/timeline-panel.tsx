import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { IconButton, MenuItem, Paper, Slider, TextField, Typography } from '@mui/material';
import { useAnimateStore } from './animate-store';
import { DURATION, SPEEDS } from './keyframes';

/** Play, pause, scrub and speed of the keyframe timeline; the marks are the selected figure's keyframes. */
export function TimelinePanel() {
  const { time, playing, speed, play, pause, seek, setSpeed } = useAnimateStore();
  const selected = useAnimateStore((state) => state.figures.find((figure) => figure.id === state.selectedId));
  const keyTimes = selected ? selected.keys.map((key) => key.time) : [];

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Timeline"
      data-testid="timeline"
      data-time={time.toFixed(2)}
      sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <IconButton
        color="primary"
        aria-label={playing ? 'Pause' : 'Play'}
        onClick={playing ? pause : play}
        data-testid="timeline-play"
        sx={{ border: 1, borderColor: 'divider' }}
      >
        {playing ? <PauseIcon /> : <PlayArrowIcon />}
      </IconButton>
      <Slider
        aria-label="Time"
        value={time}
        min={0}
        max={DURATION}
        step={0.01}
        marks={keyTimes.map((value) => ({ value }))}
        data-keys={keyTimes.join(' ')}
        onChange={(_, value) => seek(value)}
        getAriaValueText={(value) => `${value.toFixed(2)} seconds`}
        sx={{ flex: '1 1 200px', mx: 1 }}
      />
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 92 }} aria-hidden>
        {time.toFixed(2)} s / {DURATION.toFixed(2)} s
      </Typography>
      <TextField
        select
        size="small"
        label="Speed"
        value={speed}
        onChange={(event) => setSpeed(Number(event.target.value))}
        sx={{ minWidth: 96 }}
      >
        {SPEEDS.map((value) => (
          <MenuItem key={value} value={value}>
            {value}×
          </MenuItem>
        ))}
      </TextField>
    </Paper>
  );
}
