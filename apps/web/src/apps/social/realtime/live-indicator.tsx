import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import { Box, Chip } from '@mui/material';
import { useLiveUpdatesPaused } from './live-status';

/** Says, politely and only while it is true, that live updates are paused because a socket is reconnecting. */
export function LiveIndicator() {
  const paused = useLiveUpdatesPaused();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', justifyContent: 'center', minHeight: paused ? undefined : 0 }}>
      {paused && (
        <Chip
          icon={<SyncProblemIcon />}
          label="Live updates paused — reconnecting"
          color="warning"
          variant="outlined"
          size="small"
          sx={{ mb: 2 }}
          data-testid="live-indicator"
        />
      )}
    </Box>
  );
}
