import { Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { Account, ActiveApp } from '@portal/contracts';
import { showAlert } from '../alerts/alert-store';
import { ApiError } from '../api/api-client';
import { fieldErrorsOf } from '../api/flatten-errors';
import { accountKey } from '../api/query-keys';
import { joinApp } from './api/account';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';

interface JoinAppCardProps {
  app: ActiveApp;
  appName: string;
  account: Account;
  /** What joining gives, in a sentence. */
  promise: string;
  onJoined(): void;
}

/**
 * Deviation 14: an account that has no profile in this app yet joins it in one step, with its
 * password, instead of signing up again.
 */
export function JoinAppCard({ app, appName, account, promise, onJoined }: JoinAppCardProps) {
  const client = useQueryClient();
  const { register, handleSubmit, setError, formState } = useForm({ defaultValues: { password: '' } });
  const title = `Join ${appName} as ${account.full_name || account.email}`;

  const submit = handleSubmit(async ({ password }) => {
    try {
      await joinApp({ app, password });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setError('password', { message: fieldErrorsOf(error.body).password ?? error.messages[0] });
      return;
    }
    showAlert(`Welcome to ${appName}!`, 'success');
    await client.invalidateQueries({ queryKey: accountKey });
    onJoined();
  });

  return (
    <Box sx={{ py: { xs: 2, sm: 4 } }} data-testid="join-app">
      <AuthCard title={title} subtitle={`${promise} Your account ${account.email} is used everywhere in the portal.`}>
        <Box component="form" noValidate onSubmit={submit} aria-label={title}>
          <Stack spacing={2.5}>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              fullWidth
              error={Boolean(formState.errors.password)}
              helperText={formState.errors.password?.message ?? 'Enter your password to confirm it is you.'}
              {...register('password', { required: 'Enter your password.' })}
            />
            <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} data-testid="join-submit">
              {formState.isSubmitting ? <CircularProgress size={24} color="inherit" aria-label="Joining" /> : `Join ${appName}`}
            </Button>
            <Typography variant="body2" color="text.secondary">
              Not now?{' '}
              <Link component={RouterLink} to="/" underline="always">
                Back to all apps
              </Link>
            </Typography>
          </Stack>
        </Box>
      </AuthCard>
    </Box>
  );
}
