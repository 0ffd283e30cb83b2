import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import type { Upload } from './use-picture-uploads';

/** Each picture being sent: its name and progress, or why it failed. */
export function UploadProgress({ uploads }: { uploads: Upload[] }) {
  return uploads.map((item) => (
    <Box key={item.name} sx={{ mb: 1.5 }} data-testid="upload-progress">
      <Typography variant="body2">
        {item.name} {item.error ? '' : `— ${Math.round(item.progress * 100)}%`}
      </Typography>
      {item.error ? (
        <Alert severity="error">{item.error}</Alert>
      ) : (
        <LinearProgress variant="determinate" value={item.progress * 100} aria-label={`Uploading ${item.name}`} />
      )}
    </Box>
  ));
}
