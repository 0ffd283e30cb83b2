import { Alert, Box, Button, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { ACCOUNT_INACTIVE_CODE, type Credentials } from '@portal/contracts';
import { ApiError } from '../api/api-client';
import { fieldErrorsOf } from '../api/flatten-errors';
import { showAlert } from '../alerts/alert-store';
import { resendActivation } from './api/resend-activation';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';
import { ResendActivationDialog } from './resend-activation-dialog';

interface LoginFormProps {
  title: string;
  subtitle: string;
  /** Where to sign up; none for the back office (staff are given a role, they do not sign up). */
  signupPath?: string;
  forgotPath: string;
  /** `auth` when the route guard sent the person here (spec §2); `session` when their session ended (issue 26). */
  reason: string | null;
  onLogin(values: Credentials): Promise<void>;
}

/** The log-in page of an app: email and password, server messages inline and in the alert. */
export function LoginForm({ title, subtitle, signupPath, forgotPath, reason, onLogin }: LoginFormProps) {
  const { register, handleSubmit, setError, formState } = useForm<Credentials>({ defaultValues: { email: '', password: '' } });
  /** The email of an account whose password was right but which is not activated yet (issue 14). */
  const [inactive, setInactive] = useState<{ email: string; resent: boolean } | null>(null);

  const submit = handleSubmit(async (values) => {
    setInactive(null);
    try {
      await onLogin(values);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if ((error.body as { code?: unknown } | undefined)?.code === ACCOUNT_INACTIVE_CODE) {
        setInactive({ email: values.email.trim(), resent: false });
        return;
      }
      for (const [field, message] of Object.entries(fieldErrorsOf(error.body))) {
        if (field === 'email' || field === 'password') setError(field, { message });
      }
      showAlert(error.messages, 'error');
    }
  });

  return (
    <AuthCard title={title} subtitle={subtitle}>
      {(reason === 'auth' || reason === 'session') && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="login-reason">
          {reason === 'session' ? 'Your session has ended. Please log in again.' : 'Please log in to see that page.'}
        </Alert>
      )}
      {inactive && (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          data-testid="login-inactive"
          action={
            !inactive.resent && (
              <Button
                color="inherit"
                size="small"
                data-testid="login-resend-activation"
                onClick={async () => {
                  await resendActivation(inactive.email);
                  setInactive({ ...inactive, resent: true });
                }}
              >
                Send again
              </Button>
            )
          }
        >
          {inactive.resent
            ? `A new activation link is on its way to ${inactive.email}. Open it, then log in.`
            : 'Your account is not activated yet. Open the link in the email we sent when you signed up, or get a new one.'}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit} aria-label={title}>
        <Stack spacing={2.5}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            fullWidth

            error={Boolean(formState.errors.email)}
            helperText={formState.errors.email?.message}
            {...register('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            fullWidth
            error={Boolean(formState.errors.password)}
            helperText={formState.errors.password?.message}
            {...register('password')}
          />
          <Link component={RouterLink} to={forgotPath} variant="body2" underline="always" sx={{ alignSelf: 'flex-start' }}>
            Forgot password?
          </Link>
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} data-testid="login-submit">
            {formState.isSubmitting ? <CircularProgress size={24} color="inherit" aria-label="Logging in" /> : 'Log in'}
          </Button>
          {signupPath && (
            <Typography variant="body2" color="text.secondary">
              No account yet?{' '}
              <Link component={RouterLink} to={signupPath} underline="always">
                Sign up
              </Link>
            </Typography>
          )}
          <div>
            <ResendActivationDialog />
          </div>
        </Stack>
      </Box>
    </AuthCard>
  );
}
