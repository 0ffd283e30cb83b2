import { Box, LinearProgress, Paper, Typography } from '@mui/material';
import { useViewerStore } from './viewer-store';

/** Over the view: the loading progress, or the invitation to drop while files are dragged over it. */
export function DropOverlay({ dragging }: { dragging: boolean }) {
  const { status, progress, progressLabel } = useViewerStore();
  return (
    <>
      {status === 'loading' && (
        <Paper
          elevation={3}
          sx={{ position: 'absolute', left: 16, right: 16, bottom: 16, p: 1.5, maxWidth: 420, mx: 'auto' }}
          data-testid="model-progress"
        >
          <Typography variant="body2" id="model-progress-label" gutterBottom noWrap>
            {progressLabel || 'Loading'}
          </Typography>
          <LinearProgress
            aria-labelledby="model-progress-label"
            variant={progress === null ? 'indeterminate' : 'determinate'}
            value={progress === null ? undefined : Math.round(progress * 100)}
          />
        </Paper>
      )}
      {dragging && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(11, 107, 95, 0.35)',
            border: 3,
            borderStyle: 'dashed',
            borderColor: 'primary.main',
            borderRadius: 2,
            pointerEvents: 'none',
          }}
        >
          <Typography variant="h3" component="p" sx={{ color: '#fff', textShadow: '0 1px 3px rgba(0,0,0,0.6)' }}>
            Drop to open the model
          </Typography>
        </Box>
      )}
    </>
  );
}
