import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Skeleton } from '@mui/material';
import type { ShippingOption } from '@portal/contracts';
import { useFormatMoney } from '../../../shared/format/money';

/** Issue 28: the shipping rates offered for the delivery country, one to choose. */
export function ShippingChoice({
  options,
  loading,
  value,
  error,
  onChange,
}: {
  options: ShippingOption[];
  loading: boolean;
  value: number | null;
  error?: string | undefined;
  onChange: (rateId: number) => void;
}) {
  const money = useFormatMoney();
  if (loading) return <Skeleton variant="rounded" height={56} sx={{ mt: 3 }} aria-label="Loading shipping options" />;
  if (options.length === 0 && !error) return null;
  return (
    <FormControl component="fieldset" error={Boolean(error)} sx={{ mt: 3, display: 'block' }}>
      <FormLabel component="legend" sx={{ typography: 'h2', fontSize: '1.4rem', mb: 1, color: 'text.primary' }}>
        Shipping
      </FormLabel>
      <RadioGroup value={value === null ? '' : String(value)} onChange={(event) => onChange(Number(event.target.value))}>
        {options.map((option) => (
          <FormControlLabel
            key={option.id}
            value={String(option.id)}
            control={<Radio />}
            label={`${option.name} — ${Number(option.price) === 0 ? 'free' : money(option.price)}`}
            data-testid="shipping-option"
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
