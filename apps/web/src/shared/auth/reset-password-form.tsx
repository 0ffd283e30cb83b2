import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../api/api-client';
import { flattenErrors } from '../api/flatten-errors';
import { readableFieldErrors } from '../api/readable-errors';
import { showAlert } from '../alerts/alert-store';
import { confirmPasswordReset } from './api/password-reset';
import { AuthCard } from './auth-card';
import { useAuthStore } from './auth-store';
import { PasswordField } from './password-field';

interface ResetPasswordFormProps {
  loginPath: string;
  forgotPath: string;
}

interface Values {
  new_password: string;
  re_new_password: string;
}

const LABELS = { new_password: 'New password', re_new_password: 'Repeat the new password' };

/** The page a reset link opens: a new password, twice, checked by the server's sign-up rules. */
export function ResetPasswordForm({ loginPath, forgotPath }: ResetPasswordFormProps) {
  const { uid = '', token = '' } = useParams();
  const [state, setState] = useState<'form' | 'done' | 'dead-link'>('form');
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    defaultValues: { new_password: '', re_new_password: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await confirmPasswordReset({ uid, token, ...values });
      // Every session of the account ended, this browser's too.
      useAuthStore.getState().clear();
      setState('done');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const body = error.body as Record<string, unknown>;
      if ('token' in body || 'uid' in body) return setState('dead-link');
      const fields = readableFieldErrors(body, LABELS);
      for (const [field, messages] of Object.entries(fields)) {
        if (field in LABELS) setError(field as keyof Values, { message: messages.join(' ') });
      }
      if (!Object.keys(fields).some((field) => field in LABELS)) showAlert(flattenErrors(body), 'error');
    }
  });

  if (state === 'done') {
    return (
      <AuthCard title="Your password is changed">
        <Alert severity="success" data-testid="reset-done">
          Every device that was logged in to your account has been logged out. Log in with your new password.
        </Alert>
        <Button component={RouterLink} to={loginPath} variant="contained" sx={{ mt: 3 }} data-testid="reset-login">
          Log in
        </Button>
      </AuthCard>
    );
  }

  if (state === 'dead-link') {
    return (
      <AuthCard title="This link no longer works">
        <Alert severity="warning" data-testid="reset-dead-link">
          A reset link works once, for one hour, and stops working when the password changes. Ask for a new one.
        </Alert>
        <Button component={RouterLink} to={forgotPath} variant="contained" sx={{ mt: 3 }}>
          Send me a new link
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="After this, every device logged in to your account is logged out.">
      <Box component="form" noValidate onSubmit={submit} aria-label="Choose a new password">
        <Stack spacing={2.5}>
          <PasswordField
            label={LABELS.new_password}
            autoComplete="new-password"
            fullWidth
            error={Boolean(formState.errors.new_password)}
            helperText={formState.errors.new_password?.message ?? 'At least 8 characters, not a common word, not only digits.'}
            {...register('new_password', { required: 'Please choose a new password.' })}
          />
          <PasswordField
            label={LABELS.re_new_password}
            autoComplete="new-password"
            fullWidth
            error={Boolean(formState.errors.re_new_password)}
            helperText={formState.errors.re_new_password?.message}
            {...register('re_new_password', { required: 'Please type the new password again.' })}
          />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} data-testid="reset-submit">
            {formState.isSubmitting ? (
              <CircularProgress size={24} color="inherit" aria-label="Saving" />
            ) : (
              'Save the new password'
            )}
          </Button>
          <Typography variant="body2" color="text.secondary">
            <Link component={RouterLink} to={loginPath} underline="always">
              Back to log in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
