import { Button, Chip, Container, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { REPORT_STATES, type BoReportRow } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { useReinstateAccount } from '../api/accounts';
import { useListPage } from '../api/list-page';
import { usePostAction, type PostAction } from '../api/moderation';
import { errorText } from '../components/error-text';
import { formatDateTime } from '../components/format-date';
import { PageHeader } from '../components/page-header';
import { SuspendDialog } from '../components/suspend-dialog';
import { withFilter, type GridQueryOptions } from '../grid/grid-query';
import { ServerGrid } from '../grid/server-grid';
import { useGridQuery } from '../grid/use-grid-query';

const OPTIONS: GridQueryOptions = {
  sortable: ['last_reported_at', 'reports_count', 'post_created_at'],
  filterKeys: ['state'],
  defaultSort: { field: 'last_reported_at', direction: 'desc' },
};

const STATE_LABELS: Record<(typeof REPORT_STATES)[number], string> = {
  open: 'Open',
  hidden: 'Hidden',
  restored: 'Restored',
  dismissed: 'Dismissed',
};

const DONE: Record<PostAction, string> = {
  hide: 'Post hidden.',
  restore: 'Post restored: everyone sees it again.',
  dismiss: 'Reports dismissed; the post stays as it is.',
};

/** The actions that make sense for a report's state (the server refuses the others with 409). */
function actionsFor(row: BoReportRow): PostAction[] {
  if (row.hidden) return ['restore'];
  if (row.state === 'open') return ['hide', 'dismiss'];
  return ['hide'];
}

export default function ModerationPage() {
  const [query, setQuery] = useGridQuery(OPTIONS);
  const reports = useListPage<BoReportRow>('reports', query);
  // The grid's columns depend on these and not on the whole mutation objects, which are new on every
  // render: new columns re-render every cell, and a button replaced under the pointer loses its click.
  const { mutate: act, isPending: acting } = usePostAction();
  const { mutate: reinstate } = useReinstateAccount();
  const [suspending, setSuspending] = useState<{ id: number; email: string } | null>(null);

  const columns = useMemo<GridColDef<BoReportRow>[]>(
    () => [
      {
        field: 'excerpt',
        headerName: 'Post',
        flex: 1,
        minWidth: 170,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={`/social/${row.post_id}`} data-testid="report-post">
            {row.excerpt || 'A post with pictures'}
          </Link>
        ),
      },
      {
        field: 'author',
        headerName: 'Author',
        width: 150,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            <Typography variant="body2" noWrap>
              @{row.author.username}
            </Typography>
            {row.author.suspended && <Chip size="small" color="error" variant="outlined" label="Suspended" />}
          </Stack>
        ),
      },
      { field: 'reports_count', headerName: 'Reports', type: 'number', width: 80, filterable: false },
      {
        field: 'reporters',
        headerName: 'Reported by, and why',
        width: 200,
        sortable: false,
        filterable: false,
        valueGetter: (_, row) =>
          row.reporters.map((reporter) => `@${reporter.username}${reporter.reason ? `: ${reporter.reason}` : ''}`).join(' · '),
        renderCell: ({ value }) => (
          <Typography variant="body2" title={String(value)} noWrap sx={{ lineHeight: '52px' }} data-testid="report-reasons">
            {String(value)}
          </Typography>
        ),
      },
      {
        field: 'state',
        headerName: 'State',
        width: 120,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.hidden ? 'error' : 'default'}
            label={row.auto_hidden && row.hidden ? 'Auto-hidden' : STATE_LABELS[row.state]}
            data-testid="report-state"
          />
        ),
      },
      {
        field: 'last_reported_at',
        headerName: 'Last report',
        width: 170,
        filterable: false,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 250,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            {actionsFor(row).map((action) => (
              <Button
                key={action}
                size="small"
                variant="outlined"
                disabled={acting}
                onClick={() =>
                  act(
                    { postId: row.post_id, action },
                    {
                      onSuccess: () => showAlert(DONE[action], 'success'),
                      onError: (error) => showAlert(errorText(error) ?? 'That did not work.', 'error'),
                    },
                  )
                }
                data-testid={`report-${action}`}
              >
                {action === 'hide' ? 'Hide' : action === 'restore' ? 'Restore' : 'Dismiss'}
              </Button>
            ))}
            {row.author.suspended ? (
              <Button
                size="small"
                onClick={() =>
                  reinstate(row.author.id, {
                    onSuccess: () => showAlert(`${row.author.email} is reinstated.`, 'success'),
                    onError: (error) => showAlert(errorText(error) ?? 'That did not work.', 'error'),
                  })
                }
                data-testid="report-reinstate"
              >
                Reinstate author
              </Button>
            ) : (
              <Button
                size="small"
                color="error"
                onClick={() => setSuspending({ id: row.author.id, email: row.author.email })}
                data-testid="report-suspend"
              >
                Suspend author
              </Button>
            )}
          </Stack>
        ),
      },
    ],
    [act, acting, reinstate],
  );

  const state = query.filters.state ?? '';
  return (
    <Container maxWidth="xl">
      <PageHeader
        title="Moderation"
        subtitle="Reported posts. A post reported by enough people hides itself until someone decides."
      />
      <Tabs
        value={state}
        onChange={(_, value: string) => setQuery(withFilter(query, 'state', value || null))}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Report state"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="" label="All" />
        {REPORT_STATES.map((value) => (
          <Tab key={value} value={value} label={STATE_LABELS[value]} />
        ))}
      </Tabs>
      <ServerGrid
        label="Reported posts"
        searchLabel="Search posts or authors"
        columns={columns}
        query={query}
        onQueryChange={setQuery}
        options={OPTIONS}
        result={reports}
        getRowId={(row) => row.post_id}
        emptyText={query.search ? `No report matches “${query.search}”.` : 'Nothing reported. All quiet.'}
        testId="reports-grid"
      />
      {suspending && <SuspendDialog account={suspending} onClose={() => setSuspending(null)} />}
    </Container>
  );
}
