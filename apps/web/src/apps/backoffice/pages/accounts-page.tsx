import {
  Box,
  Button,
  Chip,
  Container,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  useMediaQuery,
} from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import type { BoAccountRow } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { useStaffRole } from '../../../shared/auth/use-staff-role';
import { useReinstateAccount } from '../api/accounts';
import { useListPage } from '../api/list-page';
import { errorText } from '../components/error-text';
import { formatDateTime } from '../components/format-date';
import { PageHeader } from '../components/page-header';
import { ROLE_LABELS, RoleDialog } from '../components/role-dialog';
import { MemberRequestDialog, type MemberRequest } from '../components/member-request-dialog';
import { SuspendDialog } from '../components/suspend-dialog';
import { withFilter, type GridQueryOptions } from '../grid/grid-query';
import { ServerGrid } from '../grid/server-grid';
import { useGridQuery } from '../grid/use-grid-query';

const OPTIONS: GridQueryOptions = {
  sortable: ['date_joined', 'email', 'last_login'],
  filterKeys: ['role', 'suspended'],
  defaultSort: { field: 'date_joined', direction: 'desc' },
};

/**
 * The columns are 1,280 px wide in all: on a narrower page the Actions went past the grid's edge, to
 * be scrolled to. The dates and the username give way first (at widths where the rest fits beside the
 * navigation); the grid's column menu still shows them.
 */
function useAccountColumnsShown() {
  const all = useMediaQuery('(min-width:1700px)', { noSsr: true });
  const withJoined = useMediaQuery('(min-width:1400px)', { noSsr: true });
  return useMemo(() => ({ username: all, last_login: all, date_joined: withJoined }), [all, withJoined]);
}

export default function AccountsPage() {
  const [query, setQuery] = useGridQuery(OPTIONS);
  const accounts = useListPage<BoAccountRow>('accounts', query);
  const owner = useStaffRole() === 'owner';
  // A stable function, not the mutation object (new on every render): see the moderation page.
  const { mutate: reinstate } = useReinstateAccount();
  const [suspending, setSuspending] = useState<BoAccountRow | null>(null);
  const [changingRole, setChangingRole] = useState<BoAccountRow | null>(null);
  const [request, setRequest] = useState<{ account: BoAccountRow; kind: MemberRequest } | null>(null);
  const shown = useAccountColumnsShown();

  const columns = useMemo<GridColDef<BoAccountRow>[]>(
    () => [
      { field: 'email', headerName: 'Email', flex: 1, minWidth: 180, filterable: false },
      { field: 'username', headerName: 'Username', width: 120, sortable: false, filterable: false },
      { field: 'full_name', headerName: 'Name', width: 140, sortable: false, filterable: false },
      {
        field: 'role',
        headerName: 'Role',
        width: 90,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) =>
          row.role ? <Chip size="small" color="primary" variant="outlined" label={ROLE_LABELS[row.role]} /> : null,
      },
      {
        field: 'suspended',
        headerName: 'State',
        width: 120,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) =>
          row.suspended ? (
            <Tooltip title={row.suspension_reason ?? ''}>
              <Chip size="small" color="error" variant="outlined" label="Suspended" data-testid="account-suspended" />
            </Tooltip>
          ) : row.is_active ? (
            <Chip size="small" variant="outlined" label="Active" />
          ) : (
            <Chip size="small" variant="outlined" label="Not activated" />
          ),
      },
      {
        field: 'date_joined',
        headerName: 'Joined',
        width: 150,
        filterable: false,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'last_login',
        headerName: 'Last login',
        width: 150,
        filterable: false,
        valueFormatter: (value: string | null) => formatDateTime(value),
      },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 330,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            {row.suspended ? (
              <Button
                size="small"
                variant="outlined"
                onClick={() =>
                  reinstate(row.id, {
                    onSuccess: () => showAlert(`${row.email} is reinstated.`, 'success'),
                    onError: (error) => showAlert(errorText(error) ?? 'That did not work.', 'error'),
                  })
                }
                data-testid="account-reinstate"
              >
                Reinstate
              </Button>
            ) : (
              <Button
                size="small"
                variant="outlined"
                color="error"
                onClick={() => setSuspending(row)}
                data-testid="account-suspend"
              >
                Suspend
              </Button>
            )}
            {owner && (
              <Button size="small" onClick={() => setChangingRole(row)} data-testid="account-role">
                Role…
              </Button>
            )}
            {(owner || !row.role) && (
              <>
                <Button size="small" onClick={() => setRequest({ account: row, kind: 'export' })} data-testid="account-export">
                  Export…
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setRequest({ account: row, kind: 'delete' })}
                  data-testid="account-delete"
                >
                  Delete…
                </Button>
              </>
            )}
          </Stack>
        ),
      },
    ],
    [owner, reinstate],
  );

  return (
    <Container maxWidth="xl">
      <PageHeader
        title="Accounts"
        subtitle={
          owner
            ? 'Everyone with an account. Suspend a spammer, reinstate them, give or take roles; export or delete a member’s data on their request.'
            : 'Everyone with an account. Suspend a spammer or reinstate them; export or delete a member’s data on their request; an owner gives roles.'
        }
      />
      <ServerGrid
        label="Accounts"
        searchLabel="Search email, username or name"
        columns={columns}
        query={query}
        onQueryChange={setQuery}
        options={OPTIONS}
        result={accounts}
        emptyText={query.search ? `No account matches “${query.search}”.` : 'No accounts here.'}
        columnVisibility={shown}
        testId="accounts-grid"
        toolbar={
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label="Role"
              value={query.filters.role ?? ''}
              onChange={(event) => setQuery(withFilter(query, 'role', event.target.value || null))}
              sx={{ minWidth: 150 }}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value="">Any role</MenuItem>
              <MenuItem value="owner">Owner</MenuItem>
              <MenuItem value="staff">Staff</MenuItem>
              <MenuItem value="none">No role</MenuItem>
            </TextField>
            <FormControlLabel
              control={
                <Switch
                  checked={query.filters.suspended === 'true'}
                  onChange={(event) => setQuery(withFilter(query, 'suspended', event.target.checked ? 'true' : null))}
                />
              }
              label="Suspended only"
            />
          </Box>
        }
      />
      {suspending && <SuspendDialog account={suspending} onClose={() => setSuspending(null)} />}
      {changingRole && <RoleDialog account={changingRole} onClose={() => setChangingRole(null)} />}
      {request && <MemberRequestDialog account={request.account} request={request.kind} onClose={() => setRequest(null)} />}
    </Container>
  );
}
