import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Autocomplete,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { SHIPPING_RATES_MAX, type Country, type ShippingZone } from '@portal/contracts';
import { useCurrencySign } from '../../../shared/format/money';
import { useSaveZone } from '../api/shipping';
import { ConfirmDialog } from '../components/confirm-dialog';
import { emptyRate, formErrors, newZoneForm, zoneBodyOf, zoneFormOf, type RateRow, type ZoneForm } from './shipping-forms';

const FIELDS = ['name', 'countries', 'rest_of_world', 'rates'] as const;

/** Creates a zone (`zone` null) or edits one: its name, countries or the rest of the world, and rates. */
export function ZoneDialog({ zone, countries, onClose }: { zone: ShippingZone | null; countries: Country[]; onClose(): void }) {
  const save = useSaveZone();
  const sign = useCurrencySign();
  const amount = {
    input: { startAdornment: <InputAdornment position="start">{sign}</InputAdornment> },
    htmlInput: { inputMode: 'decimal' as const },
  };
  const [form, setForm] = useState<ZoneForm>(() => (zone ? zoneFormOf(zone) : newZoneForm()));
  const errors = formErrors(save.error, FIELDS);
  const set = (change: Partial<ZoneForm>) => setForm((current) => ({ ...current, ...change }));
  const setRate = (index: number, change: Partial<RateRow>) =>
    set({ rates: form.rates.map((rate, i) => (i === index ? { ...rate, ...change } : rate)) });
  const byCode = new Map(countries.map((country) => [country.code, country]));

  return (
    <ConfirmDialog
      open
      title={zone ? `Edit ${zone.name}` : 'New shipping zone'}
      text="A zone is the countries a set of rates applies to; the rest of the world is every country no other zone lists."
      confirmLabel="Save zone"
      pending={save.isPending}
      error={errors.general}
      onClose={onClose}
      onConfirm={() => save.mutate({ id: zone?.id ?? null, zone: zoneBodyOf(form) }, { onSuccess: onClose })}
      testId="zone-dialog"
    >
      <TextField
        label="Zone name"
        required
        value={form.name}
        onChange={(event) => set({ name: event.target.value })}
        error={Boolean(errors.fields.name)}
        helperText={errors.fields.name}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <FormControlLabel
        control={<Checkbox checked={form.restOfWorld} onChange={(event) => set({ restOfWorld: event.target.checked })} />}
        label="Rest of the world"
      />
      <Autocomplete
        multiple
        disabled={form.restOfWorld}
        options={countries.map((country) => country.code)}
        value={form.restOfWorld ? [] : form.countries}
        onChange={(_event, codes) => set({ countries: codes })}
        getOptionLabel={(code) => `${byCode.get(code)?.name ?? code} (${code})`}
        filterOptions={(codes, { inputValue }) => {
          const typed = inputValue.trim().toLowerCase();
          if (!typed) return codes;
          return codes.filter((code) => code.toLowerCase() === typed || byCode.get(code)?.name.toLowerCase().includes(typed));
        }}
        autoHighlight
        filterSelectedOptions
        renderInput={(params) => (
          <TextField
            {...params}
            label="Countries"
            placeholder={form.restOfWorld ? '' : 'Type a country'}
            error={Boolean(errors.fields.countries)}
            helperText={errors.fields.countries ?? (form.restOfWorld ? 'Every country no other zone lists.' : undefined)}
          />
        )}
      />
      <Typography variant="subtitle2" component="h3">
        Rates
      </Typography>
      {form.rates.map((rate, index) => (
        <Stack
          key={rate.id ?? `new-${index}`}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label={`Rate ${index + 1} name`}
            required
            size="small"
            value={rate.name}
            onChange={(event) => setRate(index, { name: event.target.value })}
            sx={{ flexGrow: 1 }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            label={`Rate ${index + 1} price`}
            required
            size="small"
            value={rate.price}
            onChange={(event) => setRate(index, { price: event.target.value })}
            sx={{ width: { sm: 130 } }}
            slotProps={amount}
          />
          <TextField
            label={`Rate ${index + 1} free over`}
            size="small"
            value={rate.freeOver}
            onChange={(event) => setRate(index, { freeOver: event.target.value })}
            sx={{ width: { sm: 160 } }}
            slotProps={amount}
          />
          <IconButton
            aria-label={`Remove rate ${index + 1}`}
            disabled={form.rates.length === 1}
            onClick={() => set({ rates: form.rates.filter((_, i) => i !== index) })}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      {errors.fields.rates && <FormHelperText error>{errors.fields.rates}</FormHelperText>}
      <Button
        startIcon={<AddIcon />}
        onClick={() => set({ rates: [...form.rates, emptyRate()] })}
        disabled={form.rates.length >= SHIPPING_RATES_MAX}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add rate
      </Button>
    </ConfirmDialog>
  );
}
