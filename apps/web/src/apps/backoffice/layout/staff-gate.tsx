import BlockIcon from '@mui/icons-material/Block';
import { Alert, Button, Container, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAccount } from '../../../shared/auth/api/account';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoader } from '../../../shared/ui/page-loader';

/**
 * The back office's pages for staff only. The server refuses everyone else (403) whatever the page
 * shows; this says so plainly instead of a page of failed lists.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const account = useAccount();
  // Logged out (the route guard is sending the visitor to log in): nothing to show meanwhile.
  if (!loggedIn) return <PageLoader label="Checking your access" />;
  if (account.isPending) return <PageLoader label="Checking your access" />;
  if (account.isError) {
    return (
      <Container maxWidth="md">
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void account.refetch()}>
              Try again
            </Button>
          }
        >
          Your account could not be loaded: {account.error.message}
        </Alert>
      </Container>
    );
  }
  if (account.data.role === null) {
    return (
      <Container maxWidth="md" data-testid="not-allowed">
        <EmptyState
          icon={<BlockIcon />}
          title="You are not allowed here"
          action={
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
              <Button component={RouterLink} to="/taberna" variant="contained">
                Go to the shop
              </Button>
              <Button component={RouterLink} to="/" variant="outlined">
                Go to the apps
              </Button>
            </Stack>
          }
        >
          The back office is for the people who run the portal. Your account ({account.data.email}) has no staff role; an owner
          can give you one.
        </EmptyState>
      </Container>
    );
  }
  return children;
}
