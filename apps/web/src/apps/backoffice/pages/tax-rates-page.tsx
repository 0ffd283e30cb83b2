import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PercentIcon from '@mui/icons-material/Percent';
import {
  Alert,
  Box,
  Button,
  Container,
  IconButton,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import type { TaxRate } from '@portal/contracts';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useCountries, useDeleteTaxRate, useTaxRates } from '../api/shipping';
import { PageHeader } from '../components/page-header';
import { DeleteRecordDialog, useRecordDialogs } from '../components/record-dialogs';
import { TaxRateDialog } from '../shipping/tax-rate-dialog';

/** Read by screen readers, not shown. */
const HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Issue 28: the tax rate of each country that has its own; every other country pays the default rate. */
export default function TaxRatesPage() {
  const rates = useTaxRates();
  const countries = useCountries();
  const remove = useDeleteTaxRate();
  const dialogs = useRecordDialogs<TaxRate>(remove);
  const names = new Map((countries.data ?? []).map((country) => [country.code, country.name]));
  const list = rates.data ?? [];

  return (
    <Container maxWidth="lg">
      <PageHeader
        title="Tax rates"
        subtitle="A country's own rate applies to orders delivered there; every other country pays the shop's default rate."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} disabled={!countries.isSuccess} onClick={() => dialogs.edit(null)}>
            New tax rate
          </Button>
        }
      />
      {rates.isError && <Alert severity="error">The tax rates could not be loaded: {rates.error.message}</Alert>}
      {countries.isError && <Alert severity="error">The countries could not be loaded: {countries.error.message}</Alert>}
      {rates.isPending && <Skeleton variant="rounded" height={200} aria-label="Loading the tax rates" />}
      {rates.isSuccess && list.length === 0 && (
        <EmptyState icon={<PercentIcon />} title="No tax rates yet">
          Every order pays the default rate until you add a country's own.
        </EmptyState>
      )}
      {list.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Tax rates">
            <TableHead>
              <TableRow>
                <TableCell>Country</TableCell>
                <TableCell>Name</TableCell>
                <TableCell align="right">Rate</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={HIDDEN}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((rate) => (
                <TableRow key={rate.id} data-testid="tax-rate-row">
                  <TableCell>
                    {names.get(rate.country) ?? rate.country} ({rate.country})
                  </TableCell>
                  <TableCell>{rate.name}</TableCell>
                  <TableCell align="right">{rate.rate}%</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Edit">
                      <IconButton
                        aria-label={`Edit tax rate ${rate.name} (${rate.country})`}
                        disabled={!countries.isSuccess}
                        onClick={() => dialogs.edit(rate)}
                      >
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton
                        aria-label={`Delete tax rate ${rate.name} (${rate.country})`}
                        onClick={() => dialogs.confirmDelete(rate)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {dialogs.editing !== undefined && countries.data && (
        <TaxRateDialog rate={dialogs.editing} countries={countries.data} onClose={dialogs.close} />
      )}
      <DeleteRecordDialog
        record={dialogs.deleting}
        remove={remove}
        title={(rate) => `Delete ${rate?.name ?? 'the rate'}?`}
        text="Orders delivered to this country pay the default rate from then on; orders already placed keep their tax."
        deleted={(rate) => `Tax rate ${rate.name} deleted.`}
        onClose={dialogs.close}
      />
    </Container>
  );
}
