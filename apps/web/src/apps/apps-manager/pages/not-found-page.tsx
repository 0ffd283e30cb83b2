import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Button, Container } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Container maxWidth="md" data-testid="not-found">
      <EmptyState
        icon={<TravelExploreIcon />}
        title="Page not found"
        action={
          <Button component={RouterLink} to="/" variant="contained">
            Go to the apps
          </Button>
        }
      >
        There is nothing at {pathname}. The link may be old, or mistyped.
      </EmptyState>
    </Container>
  );
}
