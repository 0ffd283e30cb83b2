import { Grid, TextField } from '@mui/material';
import type { BillingData } from '@portal/contracts';

export type BillingValues = { [K in keyof Omit<BillingData, 'stripe_token'>]: string };

export const EMPTY_BILLING: BillingValues = {
  first_name: '',
  last_name: '',
  phone: '',
  email: '',
  address_line_1: '',
  address_line_2: '',
  country: '',
  state: '',
  city: '',
  order_note: '',
};

const FIELDS: {
  name: keyof BillingValues;
  label: string;
  autoComplete: string;
  half?: boolean;
  optional?: boolean;
  multiline?: boolean;
  hint?: string;
}[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name', half: true },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name', half: true },
  { name: 'email', label: 'Email', autoComplete: 'email', half: true },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', half: true, hint: 'With the country code, e.g. +351 912 345 678' },
  { name: 'address_line_1', label: 'Address line 1', autoComplete: 'address-line1' },
  { name: 'address_line_2', label: 'Address line 2', autoComplete: 'address-line2', optional: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2', half: true },
  { name: 'state', label: 'State or region', autoComplete: 'address-level1', half: true },
  { name: 'country', label: 'Country', autoComplete: 'country-name', half: true },
  { name: 'order_note', label: 'Order note', autoComplete: 'off', optional: true, multiline: true },
];

/** The billing form; the server validates it and its field errors show beside each field. */
export function BillingFields({
  values,
  errors,
  onChange,
  onBlur,
}: {
  values: BillingValues;
  errors: Record<string, string>;
  onChange: (name: string, value: string) => void;
  onBlur?: (name: string, value: string) => void;
}) {
  return (
    <Grid container spacing={2}>
      {FIELDS.map((field) => (
        <Grid key={field.name} size={{ xs: 12, sm: field.half ? 6 : 12 }}>
          <TextField
            name={field.name}
            label={field.optional ? `${field.label} (optional)` : field.label}
            value={values[field.name]}
            onChange={(event) => onChange(field.name, event.target.value)}
            onBlur={(event) => onBlur?.(field.name, event.target.value)}
            autoComplete={field.autoComplete}
            type={field.name === 'phone' ? 'tel' : undefined}
            required={!field.optional}
            multiline={field.multiline}
            minRows={field.multiline ? 2 : undefined}
            error={Boolean(errors[field.name])}
            helperText={errors[field.name] ?? field.hint}
            fullWidth
          />
        </Grid>
      ))}
    </Grid>
  );
}
