import { Box, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { PasswordField } from '../../../shared/auth/password-field';
import { firstMessages, useEditPassword, type PasswordChange } from '../api/edit-password';

const FIELDS: [keyof PasswordChange, string, string][] = [
  ['old_password', 'Current password', 'current-password'],
  ['new_password1', 'New password', 'new-password'],
  ['new_password2', 'New password again', 'new-password'],
];

export default function EditPasswordPage() {
  const [values, setValues] = useState<PasswordChange>({ old_password: '', new_password1: '', new_password2: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useEditPassword();
  const navigate = useNavigate();
  const slug = useAuthStore((state) => state.user?.slug);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    change.mutate(values, {
      onSuccess: () => {
        showAlert('The information was saved', 'success');
        navigate(slug ? `/social/profile/${slug}` : '/social/home');
      },
      onError: (error) => {
        const messages = error instanceof ApiError ? firstMessages(error.body) : {};
        setErrors(messages);
        const list = Object.values(messages);
        showAlert(list.length > 0 ? list : error instanceof ApiError ? error.messages : String(error), 'error');
      },
    });
  };

  return (
    <Container maxWidth="sm">
      <Card>
        <CardContent>
          <Typography variant="h1" sx={{ fontSize: '2rem', mb: 1 }}>
            Edit Password
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            After the change, your other devices are logged out.
          </Typography>
          <Box component="form" onSubmit={submit} noValidate aria-label="Edit Password">
            <Stack spacing={2.5}>
              {FIELDS.map(([field, label, autoComplete]) => (
                <PasswordField
                  key={field}
                  label={label}
                  autoComplete={autoComplete}
                  value={values[field]}
                  onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                  error={Boolean(errors[field])}
                  helperText={errors[field]}
                  disabled={change.isPending}
                  fullWidth
                />
              ))}
              <Button type="submit" variant="contained" size="large" disabled={change.isPending} data-testid="save-password">
                {change.isPending ? 'Saving…' : 'Save'}
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
