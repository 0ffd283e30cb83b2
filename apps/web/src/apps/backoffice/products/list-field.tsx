import { Autocomplete, Chip, TextField } from '@mui/material';

/** Colours or sizes: typed values become chips (Enter or comma adds one); each chip can be removed. */
export function ListField({
  label,
  value,
  onChange,
  error,
  helperText,
  testId,
}: {
  label: string;
  value: string[];
  onChange(value: string[]): void;
  error?: string;
  helperText: string;
  testId: string;
}) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={value}
      onChange={(_, next) => onChange(next.map(String))}
      renderValue={(chips, getItemProps) =>
        chips.map((chip, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={chip} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
          onKeyDown={(event) => {
            // A comma ends a value as Enter does.
            const input = event.target as HTMLInputElement;
            if (event.key === ',' && input.value.trim()) {
              event.preventDefault();
              onChange([...value, input.value.trim()]);
              input.value = '';
            }
          }}
        />
      )}
    />
  );
}
