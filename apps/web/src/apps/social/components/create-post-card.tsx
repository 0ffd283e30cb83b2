import LockIcon from '@mui/icons-material/LockOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  LinearProgress,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { POST_LIMITS, type Post } from '@portal/contracts';
import { showAlert, showErrorAlert } from '../../../shared/alerts/alert-store';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { useCreatePost } from '../api/create-post';
import { ImagePickerButton, ImagePreviews, type PickedImage } from './image-picker';
import { MentionTextField } from './mention-text-field';
import { ProfileAvatar } from './profile-avatar';

let serial = 0;

/**
 * Write a post: text (people suggested as `@` is typed), up to ten pictures with previews and
 * descriptions, an optional content warning, private to friends or public; shows upload progress.
 * `onPublished` hears of each post written (the home page shows a friends-only one where it is seen).
 */
export function CreatePostCard({ onPublished }: { onPublished?: (post: Post) => void } = {}) {
  const user = useAuthStore((state) => state.user);
  const [body, setBody] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [isPrivate, setPrivate] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const create = useCreatePost(setProgress);
  const busy = create.isPending;

  const pick = (files: File[]) => {
    const room = POST_LIMITS.maxImages - images.length;
    if (files.length > room) showAlert(`A post can have at most ${POST_LIMITS.maxImages} pictures.`, 'info');
    setImages((current) => [...current, ...files.slice(0, room).map((file) => ({ key: `image-${(serial += 1)}`, file }))]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProgress(images.length > 0 ? 0 : null);
    create.mutate(
      {
        body,
        isPrivate,
        images: images.map((image) => image.file),
        alts: images.map((image) => image.alt ?? ''),
        contentWarning: warning ?? '',
      },
      {
        onSuccess: (post) => {
          onPublished?.(post);
          setBody('');
          setImages([]);
          setPrivate(false);
          setWarning(null);
        },
        onError: (error) => showErrorAlert(error),
        onSettled: () => setProgress(null),
      },
    );
  };

  if (!user) return null;
  return (
    <Card component="section" aria-label="Write a post" data-testid="create-post">
      <CardContent>
        <Box component="form" onSubmit={submit} noValidate>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <ProfileAvatar src={user.avatar_url} name="" sx={{ mt: 0.5 }} />
            <Stack spacing={1.5} sx={{ flexGrow: 1, minWidth: 0 }}>
              {warning !== null && (
                <TextField
                  label="Content warning"
                  value={warning}
                  onChange={(event) => setWarning(event.target.value)}
                  disabled={busy}
                  fullWidth
                  helperText="Readers see this first and open the post when they choose."
                  slotProps={{
                    htmlInput: { maxLength: POST_LIMITS.maxContentWarningLength, 'data-testid': 'post-warning-input' },
                  }}
                />
              )}
              <MentionTextField
                label={`What's on your mind, ${user.first_name}?`}
                multiline
                minRows={2}
                maxRows={12}
                fullWidth
                value={body}
                onValueChange={setBody}
                disabled={busy}
                slotProps={{ htmlInput: { maxLength: POST_LIMITS.maxBodyLength, 'data-testid': 'post-body-input' } }}
              />
            </Stack>
          </Stack>
          <Box sx={{ mt: 1.5, ml: { sm: 6.5 } }}>
            <ImagePreviews
              images={images}
              onRemove={(key) => setImages((current) => current.filter((image) => image.key !== key))}
              onDescribe={(key, alt) =>
                setImages((current) => current.map((image) => (image.key === key ? { ...image, alt } : image)))
              }
              disabled={busy}
            />
          </Box>
          {progress !== null && (
            <Box sx={{ mt: 1.5 }}>
              <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Upload progress" />
              <Typography variant="caption" color="text.secondary">
                {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Processing pictures…'}
              </Typography>
            </Box>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <ImagePickerButton count={images.length} onPick={pick} disabled={busy} />
            <Button
              startIcon={<WarningAmberIcon />}
              onClick={() => setWarning((current) => (current === null ? '' : null))}
              aria-pressed={warning !== null}
              disabled={busy}
              data-testid="post-warning-toggle"
            >
              Warning
            </Button>
            <FormControlLabel
              control={<Switch checked={isPrivate} onChange={(event) => setPrivate(event.target.checked)} disabled={busy} />}
              label={
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <LockIcon fontSize="small" />
                  <span>Friends only</span>
                </Stack>
              }
              data-testid="post-private"
            />
            <Box sx={{ flexGrow: 1 }} />
            <Button
              type="submit"
              variant="contained"
              disabled={busy || (body.trim() === '' && images.length === 0)}
              data-testid="post-submit"
            >
              {busy ? 'Posting…' : 'Post'}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
