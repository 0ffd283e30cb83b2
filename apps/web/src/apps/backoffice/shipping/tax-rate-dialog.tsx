import { Autocomplete, InputAdornment, TextField } from '@mui/material';
import { useState } from 'react';
import type { Country, TaxRate } from '@portal/contracts';
import { useSaveTaxRate } from '../api/shipping';
import { ConfirmDialog } from '../components/confirm-dialog';
import { formErrors, newTaxForm, taxBodyOf, taxFormOf, type TaxForm } from './shipping-forms';

const FIELDS = ['country', 'name', 'rate'] as const;

/** Creates a tax rate (`rate` null) or edits one: the country it applies to, its name and percentage. */
export function TaxRateDialog({ rate, countries, onClose }: { rate: TaxRate | null; countries: Country[]; onClose(): void }) {
  const save = useSaveTaxRate();
  const [form, setForm] = useState<TaxForm>(() => (rate ? taxFormOf(rate) : newTaxForm()));
  const errors = formErrors(save.error, FIELDS);
  const set = (change: Partial<TaxForm>) => setForm((current) => ({ ...current, ...change }));
  return (
    <ConfirmDialog
      open
      title={rate ? `Edit ${rate.name} (${rate.country})` : 'New tax rate'}
      text="Orders delivered to this country are taxed at this rate instead of the shop's default."
      confirmLabel="Save tax rate"
      pending={save.isPending}
      error={errors.general}
      onClose={onClose}
      onConfirm={() => save.mutate({ id: rate?.id ?? null, rate: taxBodyOf(form) }, { onSuccess: onClose })}
      testId="tax-rate-dialog"
    >
      <Autocomplete
        options={countries}
        value={countries.find((country) => country.code === form.country) ?? null}
        onChange={(_event, country) => set({ country: country?.code ?? '' })}
        getOptionLabel={(country) => `${country.name} (${country.code})`}
        isOptionEqualToValue={(option, chosen) => option.code === chosen.code}
        filterOptions={(options, { inputValue }) => {
          const typed = inputValue.trim().toLowerCase();
          if (!typed) return options;
          return options.filter((country) => country.name.toLowerCase().includes(typed) || country.code.toLowerCase() === typed);
        }}
        autoHighlight
        renderInput={(params) => (
          <TextField
            {...params}
            label="Country"
            required
            error={Boolean(errors.fields.country)}
            helperText={errors.fields.country}
          />
        )}
      />
      <TextField
        label="Tax name"
        required
        value={form.name}
        onChange={(event) => set({ name: event.target.value })}
        error={Boolean(errors.fields.name)}
        helperText={errors.fields.name ?? 'As invoices show it, e.g. IVA or VAT.'}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        label="Rate (%)"
        required
        value={form.rate}
        onChange={(event) => set({ rate: event.target.value })}
        error={Boolean(errors.fields.rate)}
        helperText={errors.fields.rate}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        }}
      />
    </ConfirmDialog>
  );
}
