import { MenuItem, TextField } from '@mui/material';

/** Which of the product's colours a picture shows; "Every colour" is none in particular. */
export function ColorSelect({
  colors,
  value,
  onChange,
  label,
  testId,
  disabled = false,
}: {
  colors: string[];
  value: string | null;
  onChange: (color: string | null) => void;
  label: string;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={value ?? ''}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value || null)}
      slotProps={{ select: { displayEmpty: true, 'data-testid': testId } as object, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">Every colour</MenuItem>
      {colors.map((color) => (
        <MenuItem key={color} value={color}>
          {color}
        </MenuItem>
      ))}
    </TextField>
  );
}
