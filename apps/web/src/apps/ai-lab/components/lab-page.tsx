import { Alert, Container, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface LabPageProps {
  title: string;
  intro: string;
  notice: ReactNode;
  /** Spec §8: the failure, already worded with the administrator sentence. */
  errorMessage: string | null;
  onCloseError?: () => void;
  children: ReactNode;
}

/** The frame of an AI lab page: heading, what it does, which engine answers, and its error. */
export function LabPage({ title, intro, notice, errorMessage, onCloseError, children }: LabPageProps) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack spacing={2.5}>
        <div>
          <Typography variant="h1" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary">{intro}</Typography>
        </div>
        {notice}
        {errorMessage && (
          <Alert severity="error" onClose={onCloseError} data-testid="lab-error">
            {errorMessage}
          </Alert>
        )}
        {children}
      </Stack>
    </Container>
  );
}
