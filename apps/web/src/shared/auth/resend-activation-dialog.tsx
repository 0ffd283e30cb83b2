import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { showAlert } from '../alerts/alert-store';
import { ApiError } from '../api/api-client';
import { resendActivation } from './api/resend-activation';

/** For people whose activation email got lost or whose link expired. */
export function ResendActivationDialog() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await resendActivation(email.trim());
      setOpen(false);
      showAlert(
        `If ${email.trim()} belongs to an account that is not active yet, a new activation link is on its way.`,
        'success',
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      showAlert(error.messages, 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Link component="button" type="button" variant="body2" underline="always" onClick={() => setOpen(true)}>
        Did not get the activation email?
      </Link>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <form onSubmit={submit}>
          <DialogTitle>Send the activation email again</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>Enter the email you signed up with.</DialogContentText>
            <TextField
              label="Email"
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              fullWidth
              required
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={sending || email.trim() === ''}>
              Send
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
