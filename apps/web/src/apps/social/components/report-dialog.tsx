import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';

/** Asks before reporting a post, with an optional reason for the moderators. */
export function ReportDialog({ open, onCancel, onReport }: { open: boolean; onCancel(): void; onReport(reason: string): void }) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onReport(reason);
    setReason('');
  };
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle id={titleId}>Report this post?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The moderators look at reported posts. A post reported by several people is hidden until they decide.
          </DialogContentText>
          <TextField
            label="Why? (optional)"
            fullWidth
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'report-reason' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" data-testid="report-send">
            Report
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
