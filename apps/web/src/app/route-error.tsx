import { Alert, Box, Button } from '@mui/material';
import { useRouteError } from 'react-router';
import { Providers } from './providers';
import { routeErrorMessage } from './route-error-message';

/** Shown when a page's code could not load (a new deploy, a lost connection) or a loader failed. */
export default function RouteError() {
  const error = useRouteError();
  const message = routeErrorMessage(error);
  // The root route's error element replaces the shell, so it brings the providers (theme, Emotion) itself.
  return (
    <Providers>
      <Box sx={{ maxWidth: 720, mx: 'auto', my: 8, px: 2 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => window.location.reload()}>
              Reload
            </Button>
          }
        >
          This page could not be shown: {message}
        </Alert>
      </Box>
    </Providers>
  );
}
