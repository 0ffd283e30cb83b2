import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface FigureCardProps {
  label: string;
  value: string;
  detail?: string;
  /** The last days, oldest first, as a small chart (its numbers are in `detail` for who cannot see it). */
  trend?: number[];
  plot?: 'line' | 'bar';
  to?: string;
  icon?: ReactNode;
  testId: string;
}

/** One figure of the overview: a number, what it is, and where to act on it. */
export function FigureCard({ label, value, detail, trend, plot = 'line', to, icon, testId }: FigureCardProps) {
  const body = (
    <CardContent>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
        {icon}
        <Typography variant="subtitle2" component="h2">
          {label}
        </Typography>
      </Box>
      <Typography variant="h3" component="p" sx={{ mt: 1, fontWeight: 600 }} data-testid={testId}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
      {trend && trend.length > 0 && (
        // Decoration (the numbers are in the text above): inert, so nothing in the chart takes focus inside the link.
        <Box aria-hidden inert sx={{ mt: 1 }}>
          <SparkLineChart data={trend} height={40} plotType={plot} area={plot === 'line'} curve="linear" />
        </Box>
      )}
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}
