import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';

/** "Delete this post?" — the one step between the menu and the (undoable) delete. */
export function ConfirmDeleteDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel(): void; onConfirm(): void }) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId} data-testid="confirm-delete">
      <DialogTitle id={titleId}>Delete this post?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          The post, its pictures, likes and comments will be removed. You can undo this for a few seconds.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button onClick={onConfirm} color="error" variant="contained" data-testid="confirm-delete-button">
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
