import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  intro: ReactNode;
  scene: ReactNode;
  panel: ReactNode;
  panelLabel: string;
  /** Under the scene (a timeline). */
  below?: ReactNode;
  /** The panel's width on wide screens (px). */
  panelWidth?: number;
  /** Between the intro and the view: progress and messages about the page's work. */
  notice?: ReactNode;
}

/** A Hyper 3D page: the 3D view beside its panel on wide screens, above it on phones. */
export function StudioLayout({ title, intro, scene, panel, panelLabel, below, panelWidth = 320, notice }: Props) {
  return (
    <Box sx={{ px: { xs: 2, md: 3 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 820 }}>
        {intro}
      </Typography>
      {notice}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `minmax(0, 1fr) ${panelWidth}px` } }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <Box
            sx={{
              height: { xs: '52vh', md: below ? 'calc(100vh - 340px)' : 'calc(100vh - 260px)' },
              minHeight: 340,
              maxHeight: 900,
            }}
          >
            {scene}
          </Box>
          {below}
        </Box>
        <Paper
          component="aside"
          aria-label={panelLabel}
          variant="outlined"
          sx={{ p: 2, alignSelf: 'start', maxHeight: { md: 'calc(100vh - 120px)' }, overflow: 'auto' }}
        >
          {panel}
        </Paper>
      </Box>
    </Box>
  );
}
