import {
  Box,
  Checkbox,
  FormControlLabel,
  FormGroup,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useAnimateStore } from './animate-store';
import { TRACKS, TRACK_LABELS } from './keyframes';

/** Choose a figure, and which keyframe tracks (rotation, position, colour) the timeline plays on it. */
export function AnimatePanel() {
  const { figures, selectedId, select, setTrack } = useAnimateStore();
  const selected = figures.find((figure) => figure.id === selectedId);
  return (
    <Stack spacing={2} data-testid="animate-panel">
      <Box>
        <Typography variant="h4" component="h2" gutterBottom>
          Figures
        </Typography>
        <List dense disablePadding aria-label="Animated figures">
          {figures.map((figure) => (
            <ListItem key={figure.id} disablePadding>
              <ListItemButton
                selected={figure.id === selectedId}
                aria-pressed={figure.id === selectedId}
                onClick={() => select(figure.id)}
              >
                <ListItemText
                  primary={figure.name}
                  secondary={
                    TRACKS.filter((track) => figure.tracks[track])
                      .map((track) => TRACK_LABELS[track])
                      .join(', ') || 'Still'
                  }
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      {selected ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="h4" gutterBottom>
            Keyframes of {selected.name}
          </Typography>
          <FormGroup>
            {TRACKS.map((track) => (
              <FormControlLabel
                key={track}
                label={TRACK_LABELS[track]}
                control={
                  <Checkbox
                    checked={selected.tracks[track]}
                    onChange={(event) => setTrack(selected.id, track, event.target.checked)}
                  />
                }
              />
            ))}
          </FormGroup>
        </Box>
      ) : (
        <Typography color="text.secondary">Select a figure to choose its keyframe tracks.</Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        Point at a figure: it grows to 1.5× and turns yellow, then eases back when the pointer leaves.
      </Typography>
    </Stack>
  );
}
