import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Alert, Box, Button, Chip, Container, IconButton, Paper, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import type { ShippingZone } from '@portal/contracts';
import { useFormatMoney } from '../../../shared/format/money';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useCountries, useDeleteZone, useShippingZones } from '../api/shipping';
import { DeleteRecordDialog, useRecordDialogs } from '../components/record-dialogs';
import { PageHeader } from '../components/page-header';
import { rateText } from '../shipping/shipping-forms';
import { ZoneDialog } from '../shipping/zone-dialog';

/** Issue 28: the shipping zones, each with its countries and rates; created, edited and deleted in dialogs. */
export default function ShippingPage() {
  const zones = useShippingZones();
  const countries = useCountries();
  const remove = useDeleteZone();
  const money = useFormatMoney();
  const dialogs = useRecordDialogs<ShippingZone>(remove);
  const names = new Map((countries.data ?? []).map((country) => [country.code, country.name]));
  const list = zones.data ?? [];

  return (
    <Container maxWidth="lg">
      <PageHeader
        title="Shipping"
        subtitle="Zones and their rates: a buyer chooses one of the rates of the zone of their delivery country. With no zone, orders have no shipping line."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} disabled={!countries.isSuccess} onClick={() => dialogs.edit(null)}>
            New zone
          </Button>
        }
      />
      {zones.isError && <Alert severity="error">The zones could not be loaded: {zones.error.message}</Alert>}
      {countries.isError && <Alert severity="error">The countries could not be loaded: {countries.error.message}</Alert>}
      {zones.isPending && <Skeleton variant="rounded" height={200} aria-label="Loading the shipping zones" />}
      {zones.isSuccess && list.length === 0 && (
        <EmptyState icon={<LocalShippingIcon />} title="No shipping zones yet">
          Add a zone for the countries you ship to, with a rate or two; a zone marked “rest of the world” covers every other
          country.
        </EmptyState>
      )}
      <Stack spacing={2} component="ul" aria-label="Shipping zones" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.map((zone) => (
          <Paper key={zone.id} component="li" variant="outlined" sx={{ p: 2 }} data-testid="zone-row">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
                  {zone.name}
                </Typography>
                <Stack
                  direction="row"
                  useFlexGap
                  spacing={0.5}
                  sx={{ flexWrap: 'wrap', my: 1 }}
                  aria-label={`Countries of ${zone.name}`}
                >
                  {zone.rest_of_world ? (
                    <Chip size="small" color="secondary" label="Rest of the world" />
                  ) : (
                    zone.countries.map((code) => <Chip key={code} size="small" label={names.get(code) ?? code} />)
                  )}
                </Stack>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={`Rates of ${zone.name}`}>
                  {zone.rates.map((rate) => (
                    <Typography component="li" variant="body2" key={rate.id}>
                      {rateText(rate, money)}
                    </Typography>
                  ))}
                </Box>
              </Box>
              <Tooltip title="Edit">
                <IconButton
                  aria-label={`Edit zone ${zone.name}`}
                  disabled={!countries.isSuccess}
                  onClick={() => dialogs.edit(zone)}
                >
                  <EditIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton aria-label={`Delete zone ${zone.name}`} onClick={() => dialogs.confirmDelete(zone)}>
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </Stack>
          </Paper>
        ))}
      </Stack>
      {dialogs.editing !== undefined && countries.data && (
        <ZoneDialog zone={dialogs.editing} countries={countries.data} onClose={dialogs.close} />
      )}
      <DeleteRecordDialog
        record={dialogs.deleting}
        remove={remove}
        title={(zone) => `Delete ${zone?.name ?? 'the zone'}?`}
        text="Its countries are no longer shipped to at these rates; orders already placed keep their shipping line."
        deleted={(zone) => `Zone ${zone.name} deleted.`}
        onClose={dialogs.close}
      />
    </Container>
  );
}
