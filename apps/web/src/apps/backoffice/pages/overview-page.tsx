import FlagIcon from '@mui/icons-material/Flag';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PaymentsIcon from '@mui/icons-material/Payments';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PsychologyIcon from '@mui/icons-material/Psychology';
import { Alert, Box, Button, Card, CardContent, Container, Grid, Skeleton, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { BoOverview } from '@portal/contracts';
import { useFormatMoney } from '../../../shared/format/money';
import { useOverview } from '../api/get-overview';
import { BackupCard } from '../components/backup-card';
import { FigureCard } from '../components/figure-card';
import { formatDay } from '../components/format-date';
import { PageHeader } from '../components/page-header';

const lastDays = (overview: BoOverview, days: number) => overview.daily.slice(-days);

function Figures({ overview }: { overview: BoOverview }) {
  const money = useFormatMoney();
  const week = lastDays(overview, 7);
  const triple = (counts: { today: number; last_7_days: number; last_30_days: number }) =>
    `7 days: ${counts.last_7_days} · 30 days: ${counts.last_30_days}`;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
        <FigureCard
          label="Sales today"
          value={money(overview.sales.today)}
          detail={`7 days: ${money(overview.sales.last_7_days)} · 30 days: ${money(overview.sales.last_30_days)}`}
          trend={week.map((day) => Number(day.sales))}
          icon={<PaymentsIcon fontSize="small" />}
          to="/backoffice/orders"
          testId="figure-sales-today"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
        <FigureCard
          label="Orders to ship"
          value={String(overview.orders_to_ship)}
          detail={`Orders today: ${overview.orders.today} · ${triple(overview.orders)}`}
          trend={week.map((day) => day.orders)}
          plot="bar"
          icon={<LocalShippingIcon fontSize="small" />}
          to="/backoffice/orders?status=paid"
          testId="figure-orders-to-ship"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
        <FigureCard
          label="Low stock"
          value={String(overview.low_stock)}
          detail="Products at or below the low-stock level"
          icon={<Inventory2Icon fontSize="small" />}
          to="/backoffice/stock?low_stock=true"
          testId="figure-low-stock"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
        <FigureCard
          label="Open reports"
          value={String(overview.open_reports)}
          detail="Reported posts waiting for a decision"
          icon={<FlagIcon fontSize="small" />}
          to="/backoffice/moderation"
          testId="figure-open-reports"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
        <FigureCard
          label="New accounts today"
          value={String(overview.new_accounts.today)}
          detail={triple(overview.new_accounts)}
          trend={week.map((day) => day.new_accounts)}
          icon={<PersonAddIcon fontSize="small" />}
          to="/backoffice/accounts"
          testId="figure-new-accounts"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
        <FigureCard
          label="AI lab requests today"
          value={String(overview.ai_lab_requests.today)}
          detail={triple(overview.ai_lab_requests)}
          trend={week.map((day) => day.ai_lab_requests)}
          plot="bar"
          icon={<PsychologyIcon fontSize="small" />}
          testId="figure-ai-lab"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
        <BackupCard backups={overview.backups} />
      </Grid>
    </Grid>
  );
}

/** The last 30 days as two small charts; the table-like figures above carry the same numbers in words. */
function Charts({ overview }: { overview: BoOverview }) {
  const money = useFormatMoney();
  const days = overview.daily.map((day) => formatDay(day.date));
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card>
          <CardContent>
            <Typography variant="h4" component="h2" id="sales-chart-title">
              Sales, last 30 days
            </Typography>
            <Box role="img" aria-labelledby="sales-chart-title">
              <LineChart
                height={260}
                xAxis={[{ scaleType: 'point', data: days, tickInterval: (_, index) => index % 5 === 0 }]}
                yAxis={[{ valueFormatter: (value: number) => `$${Math.round(value)}`, width: 56 }]}
                series={[
                  {
                    data: overview.daily.map((day) => Number(day.sales)),
                    label: 'Sales',
                    area: true,
                    showMark: false,
                    curve: 'linear',
                    valueFormatter: (value) => money(value ?? 0),
                  },
                ]}
                hideLegend
              />
            </Box>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card>
          <CardContent>
            <Typography variant="h4" component="h2" id="orders-chart-title">
              Orders and new accounts, last 7 days
            </Typography>
            <Box role="img" aria-labelledby="orders-chart-title">
              <BarChart
                height={260}
                xAxis={[{ scaleType: 'band', data: lastDays(overview, 7).map((day) => formatDay(day.date)) }]}
                series={[
                  { data: lastDays(overview, 7).map((day) => day.orders), label: 'Orders' },
                  { data: lastDays(overview, 7).map((day) => day.new_accounts), label: 'New accounts' },
                ]}
              />
            </Box>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}

export default function OverviewPage() {
  const overview = useOverview();
  return (
    <Container maxWidth="xl">
      <PageHeader title="Overview" subtitle="What happens in the shop and the community, at a glance." />
      {overview.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void overview.refetch()}>
              Try again
            </Button>
          }
        >
          The overview could not be loaded: {overview.error.message}
        </Alert>
      ) : overview.isPending ? (
        <Grid container spacing={2} aria-busy="true" aria-label="Loading the overview">
          {Array.from({ length: 7 }, (_, index) => (
            <Grid key={index} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={160} />
            </Grid>
          ))}
        </Grid>
      ) : (
        <>
          <Figures overview={overview.data} />
          <Charts overview={overview.data} />
        </>
      )}
    </Container>
  );
}
