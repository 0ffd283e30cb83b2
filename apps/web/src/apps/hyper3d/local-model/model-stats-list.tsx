import { Box, Typography } from '@mui/material';
import type { ModelStats } from './model-stats';

const ROWS: [keyof ModelStats, string][] = [
  ['nodes', 'Nodes'],
  ['meshes', 'Meshes'],
  ['vertices', 'Vertices'],
  ['triangles', 'Triangles'],
  ['materials', 'Materials'],
  ['textures', 'Textures'],
];

/** "1 × 3 × 0.5": width, height and depth as shown, to three significant digits. */
export const formatSize = (size: [number, number, number]) => size.map((value) => Number(value.toPrecision(3))).join(' × ');

export function ModelStatsList({ stats, size }: { stats: ModelStats; size?: [number, number, number] }) {
  return (
    <Box
      component="dl"
      aria-label="Model statistics"
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      data-testid="model-stats"
    >
      {ROWS.map(([key, label]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
            data-testid={`stat-${key}`}
          >
            {stats[key].toLocaleString('en')}
          </Typography>
        </Box>
      ))}
      {size && (
        <>
          <Typography component="dt" variant="body2" color="text.secondary">
            Size (W × H × D)
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }} data-testid="stat-size">
            {formatSize(size)}
          </Typography>
        </>
      )}
    </Box>
  );
}
