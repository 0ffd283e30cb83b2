import ConstructionIcon from '@mui/icons-material/Construction';
import { Container } from '@mui/material';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';

/** A page whose app is not built yet: says so plainly instead of showing made-up content. */
export function UpcomingFeature({
  title,
  appName,
  icon,
  children,
}: {
  title: string;
  appName: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Container maxWidth="md" data-testid="upcoming-feature">
      <EmptyState icon={icon ?? <ConstructionIcon />} title={title}>
        {children ?? `This part of ${appName} is still being built. It will open here in an upcoming release.`}
      </EmptyState>
    </Container>
  );
}
