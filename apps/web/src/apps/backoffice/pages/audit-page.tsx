import { Box, Container, MenuItem, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { BO_ACTIONS, type BoAuditRow } from '@portal/contracts';
import { useListPage } from '../api/list-page';
import { changeText } from '../components/change-text';
import { formatDateTime } from '../components/format-date';
import { PageHeader } from '../components/page-header';
import { withFilter, type GridQueryOptions } from '../grid/grid-query';
import { ServerGrid } from '../grid/server-grid';
import { useGridQuery } from '../grid/use-grid-query';

const OPTIONS: GridQueryOptions = {
  sortable: ['created_at', 'action', 'actor'],
  filterKeys: ['action'],
  defaultSort: { field: 'created_at', direction: 'desc' },
};

const COLUMNS: GridColDef<BoAuditRow>[] = [
  {
    field: 'created_at',
    headerName: 'When',
    width: 170,
    filterable: false,
    valueFormatter: (value: string) => formatDateTime(value),
  },
  {
    field: 'actor',
    headerName: 'Who',
    width: 200,
    filterable: false,
    valueFormatter: (value: string | null) => value ?? 'The portal',
  },
  { field: 'action', headerName: 'Action', width: 170, filterable: false },
  { field: 'target', headerName: 'Target', width: 220, sortable: false, filterable: false },
  {
    field: 'change',
    headerName: 'Before → after',
    flex: 1,
    minWidth: 260,
    sortable: false,
    filterable: false,
    valueGetter: (_, row) => changeText(row.before, row.after),
    renderCell: ({ value }) => (
      <Typography
        variant="body2"
        sx={{ fontFamily: 'monospace', overflow: 'hidden', textOverflow: 'ellipsis' }}
        title={String(value)}
      >
        {String(value)}
      </Typography>
    ),
  },
];

export default function AuditPage() {
  const [query, setQuery] = useGridQuery(OPTIONS);
  const audit = useListPage<BoAuditRow>('audit', query);
  return (
    <Container maxWidth="xl">
      <PageHeader title="Audit log" subtitle="Every back-office action: who did what, when, and what it changed." />
      <ServerGrid
        label="Audit log"
        searchLabel="Search who or what"
        columns={COLUMNS}
        query={query}
        onQueryChange={setQuery}
        options={OPTIONS}
        result={audit}
        emptyText={query.search ? `Nothing matches “${query.search}”.` : 'No back-office actions yet.'}
        testId="audit-grid"
        toolbar={
          <Box>
            <TextField
              select
              size="small"
              label="Action"
              value={query.filters.action ?? ''}
              onChange={(event) => setQuery(withFilter(query, 'action', event.target.value || null))}
              sx={{ minWidth: 200 }}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value="">Every action</MenuItem>
              {BO_ACTIONS.map((action) => (
                <MenuItem key={action} value={action}>
                  {action}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        }
      />
    </Container>
  );
}
