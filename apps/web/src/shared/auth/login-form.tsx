import { Alert, Box, Button, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { Credentials } from '@portal/contracts';
import { ApiError } from '../api/api-client';
import { fieldErrorsOf } from '../api/flatten-errors';
import { showAlert } from '../alerts/alert-store';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';
import { ResendActivationDialog } from './resend-activation-dialog';

interface LoginFormProps {
  title: string;
  subtitle: string;
  signupPath: string;
  /** `auth` when the route guard sent the person here (spec §2). */
  reason: string | null;
  onLogin(values: Credentials): Promise<void>;
}

/** The log-in page of an app: email and password, server messages inline and in the alert. */
export function LoginForm({ title, subtitle, signupPath, reason, onLogin }: LoginFormProps) {
  const { register, handleSubmit, setError, formState } = useForm<Credentials>({ defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async (values) => {
    try {
      await onLogin(values);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      for (const [field, message] of Object.entries(fieldErrorsOf(error.body))) {
        if (field === 'email' || field === 'password') setError(field, { message });
      }
      showAlert(error.messages, 'error');
    }
  });

  return (
    <AuthCard title={title} subtitle={subtitle}>
      {reason === 'auth' && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="login-reason">
          Please log in to see that page.
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
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} data-testid="login-submit">
            {formState.isSubmitting ? <CircularProgress size={24} color="inherit" aria-label="Logging in" /> : 'Log in'}
          </Button>
          <Typography variant="body2" color="text.secondary">
            No account yet?{' '}
            <Link component={RouterLink} to={signupPath} underline="always">
              Sign up
            </Link>
          </Typography>
          <div>
            <ResendActivationDialog />
          </div>
        </Stack>
      </Box>
    </AuthCard>
  );
}
