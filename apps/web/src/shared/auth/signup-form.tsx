import { Box, Button, CircularProgress, Grid, Link, Stack, TextField, Typography } from '@mui/material';
import { useRef } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { RegisterRequest } from '@portal/contracts';
import { ApiError } from '../api/api-client';
import { flattenErrors } from '../api/flatten-errors';
import { readableFieldErrors } from '../api/readable-errors';
import { showAlert } from '../alerts/alert-store';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';

interface SignupFormProps {
  title: string;
  subtitle: string;
  loginPath: string;
  onSignup(values: RegisterRequest): Promise<void>;
}

const LABELS: Record<Path<RegisterRequest>, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  username: 'Username',
  email: 'Email',
  password: 'Password',
};

/** A username made from the names ("Zoë Lima" → "zoe.lima") until the person types their own. */
export function usernameFrom(first: string, last: string): string {
  return [first, last]
    .map((name) =>
      name
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9_+-]+/g, ''),
    )
    .filter(Boolean)
    .join('.')
    .slice(0, 50);
}

/** Each message of a field on its own line under it. */
const lines = (messages: string[] | undefined) =>
  messages?.map((message) => (
    <span key={message} style={{ display: 'block' }}>
      {message}
    </span>
  ));

/** The messages of every field, kept beside react-hook-form (which holds one per field). */
function useStateMap() {
  const ref = useRef<Record<string, string[]>>({});
  return [ref, (next: Record<string, string[]>) => (ref.current = next)] as const;
}

/** Sign-up: the server checks everything (spec §5) and its messages show beside each field. */
export function SignupForm({ title, subtitle, loginPath, onSignup }: SignupFormProps) {
  const { register, handleSubmit, setError, setValue, getValues, formState } = useForm<RegisterRequest>({
    defaultValues: { first_name: '', last_name: '', username: '', email: '', password: '' },
  });
  const [problems, setProblems] = useStateMap();
  const ownUsername = useRef(false);
  const errorOf = (field: Path<RegisterRequest>, hint?: string) => ({
    error: Boolean(formState.errors[field]),
    helperText: formState.errors[field] ? lines(problems.current[field]) : hint,
  });
  const deriveUsername = () => {
    if (!ownUsername.current) setValue('username', usernameFrom(getValues('first_name'), getValues('last_name')));
  };

  const submit = handleSubmit(async (values) => {
    try {
      await onSignup(values);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = readableFieldErrors(error.body, LABELS);
      setProblems(fields);
      for (const [field, messages] of Object.entries(fields)) setError(field as Path<RegisterRequest>, { message: messages[0] });
      // Field problems show under their fields; the alert carries the rest, or points at them.
      const others = flattenErrors(
        Object.fromEntries(Object.entries(error.body as Record<string, unknown>).filter(([key]) => !(key in fields))),
      );
      showAlert(others.length > 0 ? others : ['Please check the fields marked in red.'], 'error');
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
                {...register('first_name', { onChange: deriveUsername })}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="Last name"
                autoComplete="family-name"
                fullWidth
                {...errorOf('last_name')}
                {...register('last_name', { onChange: deriveUsername })}
              />
            </Grid>
          </Grid>
          <TextField
            label="Username"
            autoComplete="username"
            fullWidth
            {...errorOf('username', 'Your name in the portal, made from your names: change it if you like.')}
            {...register('username', { onChange: () => (ownUsername.current = true) })}
          />
          <TextField label="Email" type="email" autoComplete="email" fullWidth {...errorOf('email')} {...register('email')} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            fullWidth
            {...errorOf('password', 'At least 8 characters, not a common word, not only digits.')}
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
