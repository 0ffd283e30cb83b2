import { Box, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { BoOrder } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { useFormatMoney } from '../../../shared/format/money';
import { useRefundOrder } from '../api/refund-order';
import { ConfirmDialog } from './confirm-dialog';
import { errorText } from './error-text';
import { emptyDraft, leftOf, quantityError, refundableLines, refundRequest, withQuantity } from './refund-form';
import { lineLabel } from './refund-lines';

/**
 * Issue 28: refund some of an order: a quantity per line (0 leaves it out), whether the items go
 * back into stock, and the amount (prefilled with what the lines cost, tax included; the last of
 * the lines brings the shipping too). The button says the amount: pressing it is the confirmation.
 */
export function RefundDialog({ order, onClose }: { order: BoOrder; onClose(): void }) {
  const money = useFormatMoney();
  const refund = useRefundOrder();
  const [draft, setDraft] = useState(emptyDraft);
  const [tried, setTried] = useState(false);
  const prepared = refundRequest(order, draft);
  const confirm = () => {
    setTried(true);
    if ('error' in prepared) return;
    refund.mutate(
      { id: order.id, refund: prepared.request },
      {
        onSuccess: (after) => {
          showAlert(
            after.status === 'refunded'
              ? 'Order refunded; the customer was emailed.'
              : 'Part of the order refunded; the customer was emailed.',
            'success',
          );
          onClose();
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open
      title="Refund this order"
      text={`Choose what to refund. The amount goes back through the payment provider (${money(order.refundable)} can still be refunded) and the customer gets an email. This cannot be undone.`}
      confirmLabel={`Refund ${money(draft.amount || '0')}`}
      danger
      pending={refund.isPending}
      error={(tried && 'error' in prepared ? prepared.error : null) ?? errorText(refund.error)}
      onClose={onClose}
      onConfirm={confirm}
      testId="refund-dialog"
    >
      <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          Items to refund
        </Typography>
        {refundableLines(order).map((line) => {
          const text = draft.quantities[line.id] ?? '';
          const problem = quantityError(line, text);
          return (
            <Stack key={line.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{lineLabel(line)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {`${leftOf(line)} of ${line.quantity} left · ${money(line.unit_price)} each`}
                </Typography>
              </Box>
              <TextField
                // The line's name stands beside the field: the label says "Quantity" (a long name was
                // cut off in it), the accessible name says which line.
                label="Quantity"
                type="number"
                size="small"
                value={text}
                placeholder="0"
                onChange={(event) => setDraft(withQuantity(order, draft, line.id, event.target.value))}
                error={problem !== null}
                helperText={problem ?? ' '}
                sx={{ width: 130, flexShrink: 0 }}
                slotProps={{
                  htmlInput: {
                    'aria-label': `Quantity of ${lineLabel(line)}`,
                    min: 0,
                    max: leftOf(line),
                    step: 1,
                    'data-testid': `refund-quantity-${line.id}`,
                  },
                }}
              />
            </Stack>
          );
        })}
      </Stack>
      <FormControlLabel
        control={
          <Checkbox
            checked={draft.restock}
            onChange={(event) => setDraft({ ...draft, restock: event.target.checked })}
            slotProps={{ input: { 'data-testid': 'refund-restock' } as object }}
          />
        }
        label="Restock items"
      />
      <TextField
        label="Amount to refund"
        value={draft.amount}
        onChange={(event) => setDraft({ ...draft, amount: event.target.value, amountEdited: true })}
        helperText="Prefilled with what the chosen items cost, tax included; the last items also bring back the shipping. Change it to refund another amount."
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'refund-amount' } }}
      />
    </ConfirmDialog>
  );
}
