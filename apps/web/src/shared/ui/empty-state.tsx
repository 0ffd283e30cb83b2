import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** What a page shows when it has nothing to show yet: an icon, a line, and what to do next. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, color: 'text.secondary' }} data-testid="empty-state">
      {icon && (
        <Box sx={{ fontSize: 56, mb: 1, '& svg': { fontSize: 'inherit' }, color: 'primary.main', opacity: 0.8 }}>{icon}</Box>
      )}
      <Typography variant="h3" component="p" color="text.primary" gutterBottom>
        {title}
      </Typography>
      {children && <Typography sx={{ maxWidth: 560, mx: 'auto' }}>{children}</Typography>}
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Box>
  );
}
