import { Checkbox, FormControlLabel, Grid, InputAdornment, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';
import type { Discount } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { useSaveDiscount } from '../api/discounts';
import { ConfirmDialog } from './confirm-dialog';
import { discountFieldErrors, discountFormOf, discountRequest, type DiscountFormValues } from './discount-form';
import { errorText } from './error-text';

type Field = Exclude<keyof DiscountFormValues, 'once_per_customer'>;

/**
 * Issue 28: creates a discount code (`discount` null) or edits one. The server checks everything;
 * its field errors show under their fields, anything else below them.
 */
export function DiscountDialog({ discount, onClose }: { discount: Discount | null; onClose(): void }) {
  const save = useSaveDiscount();
  const [values, setValues] = useState(() => discountFormOf(discount));
  const fields = discountFieldErrors(save.error);
  const general = save.error && Object.keys(fields).length === 0 ? errorText(save.error) : null;

  const field = (name: Field, props: TextFieldProps = {}) => (
    <TextField
      label={props.label}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={fields[name] !== undefined}
      helperText={fields[name] ?? props.helperText}
      fullWidth
      {...props}
    />
  );

  return (
    <ConfirmDialog
      open
      title={discount ? `Edit ${discount.code}` : 'New discount code'}
      text="Shoppers type the code in their cart (any case). It comes off the products' subtotal, before tax and shipping."
      confirmLabel={discount ? 'Save' : 'Create'}
      pending={save.isPending}
      error={general}
      onClose={onClose}
      onConfirm={() =>
        save.mutate(
          { id: discount?.id ?? null, body: discountRequest(values) },
          {
            onSuccess: (saved) => {
              showAlert(`Discount code ${saved.code} ${discount ? 'saved' : 'created'}.`, 'success');
              onClose();
            },
          },
        )
      }
      testId="discount-dialog"
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('code', { label: 'Code', required: true, slotProps: { htmlInput: { maxLength: 40, spellCheck: false } } })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('kind', {
            label: 'Kind',
            select: true,
            children: [
              <MenuItem key="percent" value="percent">
                Percentage off
              </MenuItem>,
              <MenuItem key="fixed" value="fixed">
                Fixed amount off
              </MenuItem>,
            ],
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('value', {
            label: values.kind === 'percent' ? 'Percentage' : 'Amount',
            required: true,
            slotProps: {
              htmlInput: { inputMode: 'decimal' },
              input: values.kind === 'percent' ? { endAdornment: <InputAdornment position="end">%</InputAdornment> } : {},
            },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('min_subtotal', {
            label: 'Minimum subtotal (optional)',
            slotProps: { htmlInput: { inputMode: 'decimal' } },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('starts_at', {
            label: 'Starts (optional)',
            type: 'datetime-local',
            slotProps: { inputLabel: { shrink: true } },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('ends_at', { label: 'Ends (optional)', type: 'datetime-local', slotProps: { inputLabel: { shrink: true } } })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('usage_limit', {
            label: 'Usage limit (optional)',
            helperText: 'Paid orders in all',
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={values.once_per_customer}
                onChange={(event) => setValues((current) => ({ ...current, once_per_customer: event.target.checked }))}
              />
            }
            label="Once per customer"
          />
        </Grid>
      </Grid>
    </ConfirmDialog>
  );
}
