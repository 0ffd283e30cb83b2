import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { Alert, Button, Chip, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import type { Cart } from '@portal/contracts';
import { discountErrorOf, useApplyDiscount, useRemoveDiscount } from '../api/apply-discount';

/**
 * Issue 28: the cart's discount code: a field and Apply while none is applied (the server's reason
 * beside the field when it refuses one), the code and Remove once it is. Not a form of its own, so
 * it can sit inside the checkout form: Enter in the field applies the code.
 */
export function DiscountField({ cart }: { cart: Cart }) {
  const [code, setCode] = useState('');
  const apply = useApplyDiscount();
  const remove = useRemoveDiscount();
  const applied = cart.discount;

  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (code.trim() === '') return;
    apply.mutate(code.trim(), { onSuccess: () => setCode('') });
  };

  if (applied) {
    return (
      <Stack spacing={1} data-testid="discount-applied">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Chip
            icon={<LocalOfferIcon />}
            label={applied.code}
            color={applied.message ? 'default' : 'success'}
            variant="outlined"
          />
          <Button onClick={() => remove.mutate()} disabled={remove.isPending} aria-label={`Remove code ${applied.code}`}>
            Remove
          </Button>
        </Stack>
        {applied.message && (
          <Alert severity="warning" data-testid="discount-problem">
            {applied.message}
          </Alert>
        )}
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label="Discount code"
        size="small"
        fullWidth
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (apply.isError) apply.reset();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit(event);
        }}
        error={apply.isError}
        helperText={apply.isError ? discountErrorOf(apply.error) : undefined}
        slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false } }}
        data-testid="discount-code"
      />
      <Button variant="outlined" onClick={submit} disabled={apply.isPending || code.trim() === ''} sx={{ height: 40 }}>
        Apply
      </Button>
    </Stack>
  );
}
