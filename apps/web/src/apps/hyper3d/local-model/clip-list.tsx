import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { IconButton, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { CLIP_SPEEDS, useViewerStore } from './viewer-store';

/** The model's animation clips, each with play and pause, and one speed for all. */
export function ClipList() {
  const { clips, playing, speed, toggleClip, setSpeed } = useViewerStore();
  if (clips.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="no-clips">
        This model has no animation clips.
      </Typography>
    );
  }
  return (
    <Stack spacing={1}>
      <List dense disablePadding aria-label="Animation clips" data-testid="clip-list">
        {clips.map((clip) => {
          const on = Boolean(playing[clip.name]);
          return (
            <ListItem key={clip.name} disablePadding data-testid="clip" data-playing={on}>
              <IconButton
                aria-label={`${on ? 'Pause' : 'Play'} ${clip.name}`}
                onClick={() => toggleClip(clip.name)}
                color="primary"
              >
                {on ? <PauseIcon /> : <PlayArrowIcon />}
              </IconButton>
              <ListItemText primary={clip.name || 'Unnamed clip'} secondary={`${clip.duration.toFixed(2)} s`} sx={{ ml: 1 }} />
            </ListItem>
          );
        })}
      </List>
      <TextField
        select
        size="small"
        label="Playback speed"
        value={speed}
        onChange={(event) => setSpeed(Number(event.target.value))}
        sx={{ maxWidth: 180 }}
      >
        {CLIP_SPEEDS.map((value) => (
          <MenuItem key={value} value={value}>
            {value}×
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
