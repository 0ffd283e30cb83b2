import { Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ORDER_NOTE_MAX, type BoOrder, type TimelineKind } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { useAddOrderNote } from '../api/add-order-note';
import { errorText } from './error-text';
import { formatDateTime } from './format-date';

const KIND_LABELS: Record<TimelineKind, string> = {
  placed: 'Placed',
  paid: 'Paid',
  note: 'Note',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  expired: 'Expired',
};

/** Issue 28: what happened to the order and the staff notes on it, oldest first, with a form to add a note. */
export function OrderTimeline({ order }: { order: BoOrder }) {
  const add = useAddOrderNote();
  const [body, setBody] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { id: order.id, note: { body } },
      {
        onSuccess: () => {
          setBody('');
          showAlert('Note added.', 'success');
        },
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="timeline-title">
      <Typography variant="h4" component="h2" id="timeline-title" gutterBottom>
        Timeline
      </Typography>
      <Box component="ol" sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="order-history">
        {order.timeline.map((entry, index) => (
          <Box
            component="li"
            key={index}
            sx={{ py: 1, borderTop: index ? 1 : 0, borderColor: 'divider' }}
            data-testid="timeline-entry"
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Chip
                size="small"
                label={KIND_LABELS[entry.kind]}
                color={entry.kind === 'note' ? 'secondary' : 'default'}
                variant={entry.kind === 'note' ? 'filled' : 'outlined'}
              />
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(entry.created_at)}
                {entry.actor ? ` · ${entry.actor}` : ''}
              </Typography>
            </Stack>
            {entry.body && (
              <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {entry.body}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      <Stack component="form" onSubmit={submit} spacing={1} sx={{ mt: 2 }}>
        <TextField
          label="Add a note"
          multiline
          minRows={2}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          error={Boolean(add.error)}
          helperText={errorText(add.error) ?? 'Only staff see notes.'}
          slotProps={{ htmlInput: { maxLength: ORDER_NOTE_MAX, 'data-testid': 'order-note-input' } }}
        />
        <Box>
          <Button type="submit" variant="outlined" loading={add.isPending} disabled={!body.trim()} data-testid="order-note-add">
            Add note
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
