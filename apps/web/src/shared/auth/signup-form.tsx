import { Box, Button, CircularProgress, Grid, Link, Stack, TextField, Typography } from '@mui/material';
import { useForm, type Path } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { RegisterRequest } from '@portal/contracts';
import { ApiError } from '../api/api-client';
import { fieldErrorsOf } from '../api/flatten-errors';
import { showAlert } from '../alerts/alert-store';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';

interface SignupFormProps {
  title: string;
  subtitle: string;
  loginPath: string;
  onSignup(values: RegisterRequest): Promise<void>;
}

const FIELDS: Path<RegisterRequest>[] = ['first_name', 'last_name', 'username', 'email', 'password'];

/** Sign-up: the server checks everything (spec §5) and its messages show beside each field. */
export function SignupForm({ title, subtitle, loginPath, onSignup }: SignupFormProps) {
  const { register, handleSubmit, setError, formState } = useForm<RegisterRequest>({
    defaultValues: { first_name: '', last_name: '', username: '', email: '', password: '' },
  });
  const errorOf = (field: Path<RegisterRequest>) => ({
    error: Boolean(formState.errors[field]),
    helperText: formState.errors[field]?.message,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSignup(values);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      for (const [field, message] of Object.entries(fieldErrorsOf(error.body))) {
        if ((FIELDS as string[]).includes(field)) setError(field as Path<RegisterRequest>, { message });
      }
      showAlert(error.messages, 'error');
    }
  });

  return (
    <AuthCard title={title} subtitle={subtitle}>
      <Box component="form" noValidate onSubmit={submit} aria-label={title}>
        <Stack spacing={2.5}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="First name"
                autoComplete="given-name"
                fullWidth
                {...errorOf('first_name')}
                {...register('first_name')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="Last name"
                autoComplete="family-name"
                fullWidth
                {...errorOf('last_name')}
                {...register('last_name')}
              />
            </Grid>
          </Grid>
          <TextField label="Username" autoComplete="username" fullWidth {...errorOf('username')} {...register('username')} />
          <TextField label="Email" type="email" autoComplete="email" fullWidth {...errorOf('email')} {...register('email')} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            fullWidth
            {...errorOf('password')}
            helperText={formState.errors.password?.message ?? 'At least 8 characters, not a common word, not only digits.'}
            {...register('password')}
          />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} data-testid="signup-submit">
            {formState.isSubmitting ? <CircularProgress size={24} color="inherit" aria-label="Signing up" /> : 'Sign up'}
          </Button>
          <Typography variant="body2" color="text.secondary">
            Already have an account?{' '}
            <Link component={RouterLink} to={loginPath} underline="always">
              Log in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
