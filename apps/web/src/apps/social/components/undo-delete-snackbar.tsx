import { Button, Snackbar } from '@mui/material';
import { commitPendingDelete, UNDO_MS, undoPendingDelete, usePendingDelete } from '../api/pending-delete';

/** "Post deleted · Undo" for the undo window of a confirmed delete. */
export function UndoDeleteSnackbar() {
  const pending = usePendingDelete((state) => state.pending);
  return (
    <Snackbar
      key={pending?.post.id}
      open={pending !== null}
      autoHideDuration={UNDO_MS}
      // The window is timed by the pending delete itself; closing early (Escape) sends it now.
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown') void commitPendingDelete();
      }}
      message="Post deleted"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      data-testid="undo-delete"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={undoPendingDelete}
          data-testid="undo-delete-button"
          sx={{ fontWeight: 700 }}
        >
          Undo
        </Button>
      }
    />
  );
}
