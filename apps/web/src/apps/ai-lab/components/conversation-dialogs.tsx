import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { AI_CONVERSATION_TITLE_MAX, type AiConversationSummary } from '@portal/contracts';
import { useState } from 'react';
import { useDeleteConversation } from '../api/delete-conversation';
import { labErrorText } from '../api/lab-error';
import { useRenameConversation } from '../api/rename-conversation';

/** Renames a conversation; the server's field error shows under the field. */
export function RenameConversationDialog({ conversation, onClose }: { conversation: AiConversationSummary; onClose(): void }) {
  const rename = useRenameConversation();
  const [title, setTitle] = useState(conversation.title);
  const blank = title.trim() === '';
  const error = rename.error ? labErrorText(rename.error) : blank ? 'The title may not be blank.' : null;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="rename-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank) rename.mutate({ id: conversation.id, title: title.trim() }, { onSuccess: onClose });
        }}
      >
        <DialogTitle id="rename-title">Rename conversation</DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            margin="dense"
            label="Title"
            value={title}
            onChange={(event) => {
              rename.reset();
              setTitle(event.target.value);
            }}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: AI_CONVERSATION_TITLE_MAX, 'data-testid': 'rename-input' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={blank || rename.isPending} data-testid="rename-save">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Asks before deleting a conversation: it cannot be brought back. */
export function DeleteConversationDialog({
  conversation,
  onClose,
  onDeleted,
}: {
  conversation: AiConversationSummary;
  onClose(): void;
  onDeleted(): void;
}) {
  const remove = useDeleteConversation();
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-title" aria-describedby="delete-text">
      <DialogTitle id="delete-title">Delete this conversation?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-text">
          “{conversation.title}” and all its messages will be deleted. This cannot be undone.
        </DialogContentText>
        {remove.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {labErrorText(remove.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() => remove.mutate(conversation.id, { onSuccess: onDeleted })}
          data-testid="delete-confirm"
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
