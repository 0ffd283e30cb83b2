import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { Button, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { CategoryWithProducts } from '@portal/contracts';
import type { CategoryFilterKey, CategoryFilters as Filters } from '../api/get-category';

const SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'price', label: 'Price: low to high' },
  { value: '-price', label: 'Price: high to low' },
  { value: 'rating', label: 'Best rated' },
];

interface Props {
  filters: Filters;
  facets: CategoryWithProducts['facets'] | undefined;
  onChange(changes: Filters): void;
}

/** Sort, price range, colour, size and stock controls of a category page; the page keeps them in the URL. */
export function CategoryFilters({ filters, facets, onChange }: Props) {
  const set = (key: CategoryFilterKey) => (value: string) => onChange({ [key]: value });
  const active = Object.entries(filters).some(([key, value]) => key !== 'sort' && Boolean(value));
  return (
    <Stack
      component="section"
      aria-label="Sort and filter"
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ mb: 3, flexWrap: 'wrap', alignItems: { md: 'center' } }}
      data-testid="category-filters"
    >
      <Choice
        label="Sort by"
        value={filters.sort ?? 'newest'}
        options={SORTS}
        onChange={(v) => set('sort')(v === 'newest' ? '' : v)}
      />
      <PriceRange key={`${filters.min_price}-${filters.max_price}`} filters={filters} onChange={onChange} />
      <Choice label="Colour" value={filters.color ?? ''} options={withAny(facets?.colors)} onChange={set('color')} />
      <Choice label="Size" value={filters.size ?? ''} options={withAny(facets?.sizes)} onChange={set('size')} />
      <FormControlLabel
        control={
          <Switch
            checked={filters.in_stock === 'true'}
            onChange={(event) => set('in_stock')(event.target.checked ? 'true' : '')}
          />
        }
        label="In stock only"
      />
      {active && (
        <Button
          startIcon={<FilterAltOffIcon />}
          onClick={() => onChange({ min_price: '', max_price: '', color: '', size: '', in_stock: '' })}
        >
          Clear filters
        </Button>
      )}
    </Stack>
  );
}

const withAny = (values: string[] = []) => [{ value: '', label: 'Any' }, ...values.map((value) => ({ value, label: value }))];

function Choice(props: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange(value: string): void;
}) {
  const { label, value, options, onChange } = props;
  // A value from an old link that the category no longer has still shows (and can be cleared).
  const all = options.some((option) => option.value === value) ? options : [...options, { value, label: value }];
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 150 }}
    >
      {all.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Prices apply together, on Enter or the button, so typing "1" of "15" does not reload the page. */
function PriceRange({ filters, onChange }: { filters: Filters; onChange(changes: Filters): void }) {
  const [min, setMin] = useState(filters.min_price ?? '');
  const [max, setMax] = useState(filters.max_price ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ min_price: min.trim(), max_price: max.trim() });
  };
  const field = {
    size: 'small' as const,
    type: 'number',
    slotProps: { htmlInput: { min: 0, step: '0.01' } },
    sx: { width: 110 },
  };
  return (
    <Stack component="form" direction="row" spacing={1} onSubmit={submit} aria-label="Price range" sx={{ alignItems: 'center' }}>
      <TextField {...field} label="Min price" name="min_price" value={min} onChange={(event) => setMin(event.target.value)} />
      <TextField {...field} label="Max price" name="max_price" value={max} onChange={(event) => setMax(event.target.value)} />
      <Button type="submit" variant="outlined">
        Apply
      </Button>
    </Stack>
  );
}
