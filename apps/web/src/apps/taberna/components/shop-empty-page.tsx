import { Button, Container } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';

/** A shop page with nothing to show, and the way back to the shop. */
export function ShopEmptyPage({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Container maxWidth="md">
      <EmptyState
        icon={icon}
        title={title}
        action={
          <Button component={RouterLink} to="/taberna" variant="contained">
            Back to the shop
          </Button>
        }
      >
        {children}
      </EmptyState>
    </Container>
  );
}
