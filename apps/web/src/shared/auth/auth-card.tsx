import { Card, CardContent, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Container maxWidth="sm">
      <Card sx={{ p: { xs: 1, sm: 2 } }}>
        <CardContent>
          <Typography variant="h1" sx={{ fontSize: '1.9rem', mb: 1 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}
