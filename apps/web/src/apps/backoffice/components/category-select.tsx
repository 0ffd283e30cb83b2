import { MenuItem, TextField } from '@mui/material';
import { useAllCategories } from '../api/categories';

/** A choice of category (every one, in the shop's order); `allLabel` adds an "any" entry for filters. */
export function CategorySelect({
  value,
  onChange,
  label = 'Category',
  allLabel,
  required = false,
  error,
  testId,
  fullWidth = false,
}: {
  value: string;
  onChange(value: string): void;
  label?: string;
  allLabel?: string;
  required?: boolean;
  error?: string;
  testId?: string;
  fullWidth?: boolean;
}) {
  const categories = useAllCategories();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={categories.isPending ? '' : value}
      onChange={(event) => onChange(event.target.value)}
      required={required}
      error={Boolean(error)}
      helperText={error}
      fullWidth={fullWidth}
      sx={{ minWidth: 200 }}
      slotProps={{
        // With an "any" entry, the empty value is a choice to show, not a placeholder.
        inputLabel: allLabel ? { shrink: true } : undefined,
        select: { displayEmpty: Boolean(allLabel), SelectDisplayProps: { 'data-testid': testId } as object },
      }}
    >
      {allLabel && <MenuItem value="">{allLabel}</MenuItem>}
      {(categories.data ?? []).map((category) => (
        <MenuItem key={category.id} value={String(category.id)}>
          {category.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
