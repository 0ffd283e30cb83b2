import { Skeleton } from '@mui/material';

/** Where the 3D view will be, while its chunk (three.js, React Three Fiber) loads: the same size, no shift. */
export function SceneLoading() {
  return (
    <Skeleton
      variant="rounded"
      animation="wave"
      sx={{ width: '100%', height: '100%' }}
      role="progressbar"
      aria-label="Loading the 3D view"
      data-testid="scene-loading"
    />
  );
}
