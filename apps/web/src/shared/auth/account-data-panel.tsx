import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../alerts/alert-store';
import { ApiError } from '../api/api-client';
import { formatBytes } from '../format/bytes';
import { useDeleteAccount } from './api/delete-account';
import { downloadAccountData } from './api/export-account';
import { PasswordField } from './password-field';

type ExportState =
  { kind: 'idle' } | { kind: 'running'; received: number } | { kind: 'emailed' } | { kind: 'failed'; message: string };

function DownloadCard() {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const start = async () => {
    setState({ kind: 'running', received: 0 });
    try {
      const outcome = await downloadAccountData((received) => setState({ kind: 'running', received }));
      setState(outcome === 'emailed' ? { kind: 'emailed' } : { kind: 'idle' });
      if (outcome === 'downloaded') showAlert('Your data was downloaded.', 'success');
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiError ? error.message : String(error) });
    }
  };
  return (
    <Card component="section" aria-labelledby="download-data-title">
      <CardContent>
        <Typography id="download-data-title" variant="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
          Download your data
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          One ZIP file with everything the portal keeps about you: your account, profiles, posts and their pictures, comments,
          likes, friends, messages, notifications, orders and reviews, AI lab conversations and pictures, as JSON documents and
          image files.
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="contained"
            startIcon={state.kind === 'running' ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
            onClick={() => void start()}
            disabled={state.kind === 'running'}
            data-testid="download-data"
          >
            {state.kind === 'running' ? 'Preparing your data…' : 'Download my data'}
          </Button>
          <Typography role="status" aria-live="polite" color="text.secondary">
            {state.kind === 'running' && state.received > 0 ? `${formatBytes(state.received)} received` : ''}
          </Typography>
        </Stack>
        {state.kind === 'emailed' && (
          <Alert severity="info" sx={{ mt: 2 }}>
            There is a lot of it: we are gathering it now and will email you a download link when it is ready.
          </Alert>
        )}
        {state.kind === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Your data could not be downloaded: {state.message}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function DeleteCard({ afterDelete }: { afterDelete: string }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          close();
          showAlert('Your account has been deleted. We sent a confirmation to your email.', 'success');
          void navigate(afterDelete);
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.messages[0] : String(failure)),
      },
    );
  };

  return (
    <Card component="section" aria-labelledby="delete-account-title">
      <CardContent>
        <Typography id="delete-account-title" variant="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
          Delete your account
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Deletes your account on every app of the portal, with your profiles, posts, comments, messages, pictures and AI
          conversations. Orders stay in the shop’s accounts without your name, address, email or phone. This cannot be undone.
        </Typography>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteForeverIcon />}
          onClick={() => setOpen(true)}
          data-testid="delete-account"
        >
          Delete my account…
        </Button>
      </CardContent>
      <Dialog open={open} onClose={close} aria-labelledby="delete-dialog-title">
        <Box component="form" onSubmit={submit} noValidate>
          <DialogTitle id="delete-dialog-title">Delete your account?</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Everything personal goes at once and you are logged out everywhere. Download your data first if you want a copy.
              Enter your password to confirm.
            </DialogContentText>
            <PasswordField
              label="Your password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(error)}
              helperText={error}
              disabled={remove.isPending}
              required
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              color="error"
              disabled={remove.isPending || password === ''}
              data-testid="confirm-delete"
            >
              {remove.isPending ? 'Deleting…' : 'Delete my account'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Card>
  );
}

/** Issue 26: a member's data rights, as a page of each app's settings. */
export function AccountDataPanel({ afterDelete }: { afterDelete: string }) {
  return (
    <Stack spacing={3}>
      <DownloadCard />
      <DeleteCard afterDelete={afterDelete} />
    </Stack>
  );
}
