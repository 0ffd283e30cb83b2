import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import WallpaperIcon from '@mui/icons-material/Wallpaper';
import { Box, Button, Card, CardContent, Container, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { PROFILE_LIMITS } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { fieldErrorsOf } from '../../../shared/api/flatten-errors';
import { meKey } from '../../../shared/api/query-keys';
import { getMe } from '../../../shared/auth/api/get-me';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useEditProfile } from '../api/edit-profile';
import { ProfileAvatar } from '../components/profile-avatar';

const FIELDS = [
  ['first_name', 'First name', 'given-name'],
  ['last_name', 'Last name', 'family-name'],
  ['username', 'Username', 'username'],
  ['email', 'Email', 'email'],
] as const;
type Field = (typeof FIELDS)[number][0];

/**
 * Contract §4.7: names, username, email and avatar; issue 27: a bio and a header picture. Saving goes
 * to the (possibly new) profile address.
 */
export default function EditProfilePage() {
  const me = useQuery({ queryKey: meKey, queryFn: getMe });
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string> | null>(null);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [bio, setBio] = useState<string | null>(null);
  const [header, setHeader] = useState<File | null>(null);
  const [removeHeader, setRemoveHeader] = useState(false);
  const headerInput = useRef<HTMLInputElement>(null);
  const headerPreview = useMemo(() => (header ? URL.createObjectURL(header) : null), [header]);
  useEffect(() => () => void (headerPreview && URL.revokeObjectURL(headerPreview)), [headerPreview]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const save = useEditProfile(setProgress);
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (avatar ? URL.createObjectURL(avatar) : null), [avatar]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => {
    if (me.data && !values) {
      setValues({
        first_name: me.data.first_name,
        last_name: me.data.last_name,
        username: me.data.username,
        email: me.data.email,
      });
    }
  }, [me.data, values]);

  if (!values || !me.data) return <PageLoader label="Loading your profile" />;
  const shownHeader = headerPreview ?? (removeHeader ? null : me.data.header_url);
  const bioText = bio ?? me.data.bio;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setProgress(avatar || header ? 0 : null);
    save.mutate(
      { ...values, avatar, bio: bioText, header, removeHeader },
      {
        onSuccess: async (answer) => {
          showAlert(answer.message, 'success');
          useAuthStore.getState().setUser(await getMe());
          navigate(`/social/profile/${answer.new_slug}`);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) throw error;
          setErrors(fieldErrorsOf(error.body));
          showAlert(error.messages, 'error');
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Container maxWidth="sm">
      <Card>
        <CardContent>
          <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
            Edit Profile
          </Typography>
          <Box component="form" onSubmit={submit} noValidate aria-label="Edit Profile">
            <Stack spacing={2.5}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <ProfileAvatar src={preview ?? me.data.avatar_url} name="Your picture" sx={{ width: 88, height: 88 }} />
                <Button
                  variant="outlined"
                  startIcon={<PhotoCameraIcon />}
                  onClick={() => input.current?.click()}
                  disabled={save.isPending}
                >
                  Choose a picture
                </Button>
                <input
                  ref={input}
                  type="file"
                  hidden
                  accept="image/jpeg,image/png,image/webp,image/gif"
                  aria-label="Profile picture"
                  data-testid="avatar-input"
                  onChange={(event) => setAvatar(event.target.files?.[0] ?? null)}
                />
              </Stack>
              <Stack spacing={1}>
                <Box
                  sx={{ height: 96, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}
                  data-testid="header-preview"
                >
                  {shownHeader && (
                    <Box
                      component="img"
                      src={shownHeader}
                      alt="Your header picture"
                      sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                    />
                  )}
                </Box>
                <Stack direction="row" spacing={1}>
                  <Button
                    variant="outlined"
                    startIcon={<WallpaperIcon />}
                    onClick={() => headerInput.current?.click()}
                    disabled={save.isPending}
                  >
                    Choose a header
                  </Button>
                  {shownHeader && (
                    <Button
                      onClick={() => {
                        setHeader(null);
                        setRemoveHeader(true);
                      }}
                      disabled={save.isPending}
                    >
                      Remove header
                    </Button>
                  )}
                </Stack>
                <input
                  ref={headerInput}
                  type="file"
                  hidden
                  accept="image/jpeg,image/png,image/webp,image/gif"
                  aria-label="Header picture"
                  data-testid="header-input"
                  onChange={(event) => {
                    setHeader(event.target.files?.[0] ?? null);
                    setRemoveHeader(false);
                  }}
                />
              </Stack>
              {FIELDS.map(([field, label, autoComplete]) => (
                <TextField
                  key={field}
                  label={label}
                  type={field === 'email' ? 'email' : 'text'}
                  autoComplete={autoComplete}
                  value={values[field]}
                  onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                  error={Boolean(errors[field])}
                  helperText={errors[field]}
                  disabled={save.isPending}
                  fullWidth
                />
              ))}
              <TextField
                label="Bio"
                multiline
                minRows={3}
                value={bioText}
                onChange={(event) => setBio(event.target.value)}
                error={Boolean(errors.bio)}
                helperText={errors.bio ?? `${bioText.length} / ${PROFILE_LIMITS.maxBioLength}: links and #hashtags work.`}
                disabled={save.isPending}
                fullWidth
                slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.maxBioLength, 'data-testid': 'bio-input' } }}
              />
              {progress !== null && (
                <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Upload progress" />
              )}
              <Stack direction="row" spacing={1}>
                <Button type="submit" variant="contained" size="large" disabled={save.isPending} data-testid="save-profile">
                  {save.isPending ? 'Saving…' : 'Save'}
                </Button>
                <Button size="large" onClick={() => navigate(`/social/profile/${me.data.slug}`)} disabled={save.isPending}>
                  Cancel
                </Button>
              </Stack>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
