import { Grid, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { SuggestionsCard } from './suggestions-card';
import { TrendsCard } from './trends-card';

/** The two-column frame of the feed pages: posts on the left, people and trends on the right. */
export function FeedColumns({ children, suggestions = true }: { children: ReactNode; suggestions?: boolean }) {
  const loggedIn = useIsLoggedIn();
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Stack spacing={2}>{children}</Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }} component="aside" aria-label="People and trends">
        <Stack spacing={2} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          {loggedIn && suggestions && <SuggestionsCard />}
          <TrendsCard />
        </Stack>
      </Grid>
    </Grid>
  );
}
