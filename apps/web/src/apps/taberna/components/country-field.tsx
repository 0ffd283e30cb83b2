import { Autocomplete, TextField } from '@mui/material';
import type { Country } from '@portal/contracts';

/** A searchable list of every country (by name or code), for an address (issue 25). */
export function CountryField({
  id,
  countries,
  value,
  onChange,
  error,
  required = true,
}: {
  id: string;
  countries: Country[];
  /** The ISO code chosen, '' for none. */
  value: string;
  onChange: (code: string) => void;
  error?: string;
  required?: boolean;
}) {
  return (
    <Autocomplete
      id={id}
      options={countries}
      value={countries.find((country) => country.code === value) ?? null}
      onChange={(_event, country) => onChange(country?.code ?? '')}
      getOptionLabel={(country) => country.name}
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
          required={required}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'country-name' } }}
        />
      )}
    />
  );
}
