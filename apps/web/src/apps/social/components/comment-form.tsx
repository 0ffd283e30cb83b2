import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { POST_LIMITS } from '@portal/contracts';
import { showErrorAlert } from '../../../shared/alerts/alert-store';
import { useCommentPost } from '../api/comment-post';
import { isSendKey } from './enter-sends';

export function CommentForm({ postId }: { postId: string }) {
  const [body, setBody] = useState('');
  const comment = useCommentPost(postId);
  const send = () => {
    if (comment.isPending || body.trim() === '') return;
    comment.mutate(body, {
      onSuccess: () => setBody(''),
      onError: (error) => showErrorAlert(error),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  // As in chat: Enter sends, Shift+Enter adds a line.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isSendKey(event)) return;
    event.preventDefault();
    send();
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Write a comment">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Write a comment"
          multiline
          maxRows={6}
          fullWidth
          size="small"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={onKeyDown}
          helperText="Enter sends, Shift+Enter adds a line"
          disabled={comment.isPending}
          slotProps={{ htmlInput: { maxLength: POST_LIMITS.maxCommentLength, 'data-testid': 'comment-input' } }}
        />
        <Button
          type="submit"
          variant="contained"
          endIcon={<SendIcon />}
          disabled={comment.isPending || body.trim() === ''}
          data-testid="comment-submit"
        >
          Send
        </Button>
      </Stack>
    </Box>
  );
}
