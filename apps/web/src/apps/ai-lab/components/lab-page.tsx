import { Alert, Box, Container, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface LabPageProps {
  title: string;
  intro: string;
  notice: ReactNode;
  /** Spec §8: the failure, already worded with the administrator sentence. */
  errorMessage: string | null;
  onCloseError?: () => void;
  /** Buttons beside the heading. */
  headerActions?: ReactNode;
  /**
   * A side panel beside the page on wide screens (the chat's history). Its column is CSS's (from
   * `md`), so the server's HTML has the page's place at every width; null leaves the column empty
   * (until the browser knows the width).
   */
  aside?: ReactNode;
  children: ReactNode;
}

/** The frame of an AI lab page: heading, what it does, which engine answers, and its error. */
export function LabPage({ title, intro, notice, errorMessage, onCloseError, headerActions, aside, children }: LabPageProps) {
  const main = (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <div>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h1" gutterBottom>
            {title}
          </Typography>
          {headerActions && <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>{headerActions}</Box>}
        </Box>
        <Typography color="text.secondary">{intro}</Typography>
        {notice && <Box sx={{ mt: 1 }}>{notice}</Box>}
      </div>
      {errorMessage && (
        <Alert severity="error" onClose={onCloseError} data-testid="lab-error">
          {errorMessage}
        </Alert>
      )}
      {children}
    </Stack>
  );
  if (aside === undefined) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
        {main}
      </Container>
    );
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '240px minmax(0, 1fr)' },
          gap: 4,
          alignItems: 'start',
        }}
      >
        <Box component="aside" sx={{ display: { xs: 'none', md: 'block' }, position: 'sticky', top: 80 }}>
          {aside}
        </Box>
        {main}
      </Box>
    </Container>
  );
}
