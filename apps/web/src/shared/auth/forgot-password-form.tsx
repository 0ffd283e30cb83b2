import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { Alert, Box, Button, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { ActiveApp } from '@portal/contracts';
import { ApiError } from '../api/api-client';
import { fieldErrorsOf, flattenErrors } from '../api/flatten-errors';
import { showAlert } from '../alerts/alert-store';
import { requestPasswordReset } from './api/password-reset';
import { AuthCard } from './auth-card';

interface ForgotPasswordFormProps {
  app: ActiveApp;
  loginPath: string;
}

/** "Forgot password?": asks for the email and says the same thing whether or not it has an account. */
export function ForgotPasswordForm({ app, loginPath }: ForgotPasswordFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const submit = handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email.trim(), app);
      setSentTo(email.trim());
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = fieldErrorsOf(error.body);
      if (fields.email) setError('email', { message: fields.email });
      else showAlert(flattenErrors(error.body), 'error');
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your inbox">
        <Alert severity="success" icon={<MarkEmailReadIcon />} data-testid="reset-requested">
          If an account uses <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The link works once, for
          one hour.
        </Alert>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          No email after a few minutes? Look in the spam folder, or{' '}
          <Link
            component="button"
            type="button"
            underline="always"
            onClick={() => setSentTo(null)}
            sx={{ verticalAlign: 'baseline' }}
          >
            try another address
          </Link>
          .
        </Typography>
        <Button component={RouterLink} to={loginPath} variant="outlined" sx={{ mt: 3 }}>
          Back to log in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new one."
    >
      <Box component="form" noValidate onSubmit={submit} aria-label="Forgot your password?">
        <Stack spacing={2.5}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            fullWidth
            error={Boolean(formState.errors.email)}
            helperText={formState.errors.email?.message}
            {...register('email', { required: 'Please enter your email.' })}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={formState.isSubmitting}
            data-testid="reset-request-submit"
          >
            {formState.isSubmitting ? <CircularProgress size={24} color="inherit" aria-label="Sending" /> : 'Send the link'}
          </Button>
          <Typography variant="body2" color="text.secondary">
            Remembered it?{' '}
            <Link component={RouterLink} to={loginPath} underline="always">
              Log in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
