import { Alert, Button, Container } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';

interface LoadErrorProps {
  error: Error;
  /** What the page shows, as in "There is no order 12." and "The order could not be loaded: …". */
  what: string;
  id: string | number | undefined;
  /** The list to go back to. */
  back?: { to: string; label: string };
}

/** A detail page whose record could not be loaded: a 404 says there is no such record, anything else why. */
export function LoadError({ error, what, id, back }: LoadErrorProps) {
  return (
    <Container maxWidth="lg">
      <Alert severity="error" sx={back ? { mb: 2 } : undefined}>
        {error instanceof ApiError && error.status === 404
          ? `There is no ${what} ${id}.`
          : `The ${what} could not be loaded: ${error.message}`}
      </Alert>
      {back && (
        <Button component={RouterLink} to={back.to}>
          {back.label}
        </Button>
      )}
    </Container>
  );
}
