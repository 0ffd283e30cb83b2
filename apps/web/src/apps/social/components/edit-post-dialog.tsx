import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { POST_LIMITS, type Post, type PostDetail } from '@portal/contracts';
import { showAlert, showErrorAlert } from '../../../shared/alerts/alert-store';
import { useEditPost } from '../api/edit-post';
import { MentionTextField } from './mention-text-field';

/** Issue 27: the author changes a post's text, its content warning and its pictures' descriptions. */
export function EditPostDialog({ post, open, onClose }: { post: Post | PostDetail; open: boolean; onClose(): void }) {
  const titleId = useId();
  const [body, setBody] = useState(post.body ?? '');
  const [warning, setWarning] = useState(post.content_warning ?? '');
  const [alts, setAlts] = useState<Record<string, string>>(() =>
    Object.fromEntries(post.attachments.map((picture) => [picture.id, picture.alt ?? ''])),
  );
  const edit = useEditPost();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate(
      { id: post.id, changes: { body, content_warning: warning, alt: alts } },
      {
        onSuccess: () => {
          showAlert('The post was edited', 'success');
          onClose();
        },
        onError: (error) => showErrorAlert(error),
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid="edit-post-dialog">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Edit post</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <MentionTextField
              label="Text"
              multiline
              minRows={3}
              maxRows={12}
              fullWidth
              value={body}
              onValueChange={setBody}
              disabled={edit.isPending}
              slotProps={{ htmlInput: { maxLength: POST_LIMITS.maxBodyLength, 'data-testid': 'edit-post-body' } }}
            />
            <TextField
              label="Content warning (optional)"
              value={warning}
              onChange={(event) => setWarning(event.target.value)}
              disabled={edit.isPending}
              helperText="Readers see this first and open the post when they choose."
              slotProps={{ htmlInput: { maxLength: POST_LIMITS.maxContentWarningLength, 'data-testid': 'edit-post-warning' } }}
            />
            {post.attachments.map((picture, index) => (
              <Stack key={picture.id} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <Box
                  component="img"
                  src={picture.thumbnail_url ?? picture.image_url ?? undefined}
                  alt=""
                  sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
                />
                <TextField
                  label={`Describe picture ${index + 1}`}
                  value={alts[picture.id] ?? ''}
                  onChange={(event) => setAlts({ ...alts, [picture.id]: event.target.value })}
                  disabled={edit.isPending}
                  multiline
                  maxRows={4}
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: POST_LIMITS.maxAltLength } }}
                />
              </Stack>
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={edit.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={edit.isPending} data-testid="edit-post-save">
            {edit.isPending ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
