import { Box, CircularProgress } from '@mui/material';

export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }} role="progressbar" aria-label={label}>
      <CircularProgress aria-hidden />
    </Box>
  );
}
