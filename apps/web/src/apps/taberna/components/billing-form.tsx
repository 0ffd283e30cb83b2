import { Grid, TextField } from '@mui/material';
import type { Country } from '@portal/contracts';
import type { AddressValues } from './address-form';
import { CountryField } from './country-field';

type Field = {
  name: keyof AddressValues | 'email' | 'order_note';
  label: string;
  autoComplete: string;
  half?: boolean;
  optional?: boolean;
  multiline?: boolean;
};

const NAMES: Field[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name', half: true },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name', half: true },
];
const STREET: Field[] = [
  { name: 'address_line_1', label: 'Address line 1', autoComplete: 'address-line1' },
  { name: 'address_line_2', label: 'Address line 2', autoComplete: 'address-line2', optional: true },
];

/**
 * An address of the checkout (issue 25): names, phone (read with the country), street, postcode
 * (required where the country has them), city, region and a searchable country list. The billing
 * address also has the email and the order note. Errors show beside each field.
 */
export function AddressFields<V extends AddressValues>({
  section,
  values,
  errors,
  countries,
  onChange,
  onBlur,
  billing = false,
}: {
  /** The prefix of the autocomplete tokens: `billing` or `shipping`. */
  section: 'billing' | 'shipping';
  values: V;
  errors: Record<string, string>;
  countries: Country[];
  onChange: (name: string, value: string) => void;
  onBlur?: (name: string, value: string) => void;
  billing?: boolean;
}) {
  const country = countries.find((candidate) => candidate.code === values.country);
  const fields: Field[] = [
    ...NAMES,
    ...(billing ? [{ name: 'email', label: 'Email', autoComplete: 'email', half: true } as Field] : []),
    { name: 'phone', label: 'Phone', autoComplete: 'tel', half: true, optional: !billing },
    ...STREET,
    {
      name: 'postal_code',
      label: 'Postcode',
      autoComplete: 'postal-code',
      half: true,
      optional: country ? !country.postal_code_required : false,
    },
    { name: 'city', label: 'City', autoComplete: 'address-level2', half: true },
    { name: 'state', label: 'State or region', autoComplete: 'address-level1', half: true, optional: !billing },
  ];
  const text = (field: Field) => (
    <Grid key={field.name} size={{ xs: 12, sm: field.half ? 6 : 12 }}>
      <TextField
        name={`${section}-${field.name}`}
        label={field.optional ? `${field.label} (optional)` : field.label}
        value={(values as unknown as Record<string, string>)[field.name] ?? ''}
        onChange={(event) => onChange(field.name, event.target.value)}
        onBlur={(event) => onBlur?.(field.name, event.target.value)}
        autoComplete={
          field.name === 'email' || field.name === 'order_note' ? field.autoComplete : `${section} ${field.autoComplete}`
        }
        type={field.name === 'phone' ? 'tel' : field.name === 'email' ? 'email' : undefined}
        required={!field.optional}
        multiline={field.multiline}
        minRows={field.multiline ? 2 : undefined}
        error={Boolean(errors[field.name])}
        helperText={errors[field.name]}
        fullWidth
      />
    </Grid>
  );
  return (
    <Grid container spacing={2}>
      {fields.map(text)}
      <Grid size={{ xs: 12, sm: 6 }}>
        <CountryField
          id={`${section}-country`}
          countries={countries}
          value={values.country}
          onChange={(code) => onChange('country', code)}
          error={errors.country}
        />
      </Grid>
      {billing && text({ name: 'order_note', label: 'Order note', autoComplete: 'off', optional: true, multiline: true })}
    </Grid>
  );
}
