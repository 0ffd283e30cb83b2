import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { getConversation } from '../api/get-conversation';
import { labErrorText } from '../api/lab-error';
import { useShareConversation } from '../api/share-conversation';
import { useFunnyChatStore } from '../store/funny-chat-store';

/** Shares the open conversation: a read-only page anyone with its address can read, until sharing stops. */
export default function ShareDialog({ onClose }: { onClose(): void }) {
  const saved = useFunnyChatStore((state) => state.saved);
  const updated = useFunnyChatStore((state) => state.updated);
  const share = useShareConversation();
  const [copied, setCopied] = useState(false);
  const url = saved?.share_url ?? null;

  /** Shares the conversation as it is now (the page shared before is updated, at the same address), or stops. */
  async function change(shared: boolean) {
    if (!saved) return;
    try {
      await share.mutateAsync({ id: saved.id, share: shared });
      updated(await getConversation(saved.id));
      setCopied(false);
    } catch {
      // The mutation's error shows in the dialog.
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-title" aria-describedby="share-text">
      <DialogTitle id="share-title">Share this conversation</DialogTitle>
      <DialogContent>
        <DialogContentText id="share-text" sx={{ mb: 2 }}>
          Anyone with the link can read the conversation as it is when you share it, with your first name. What you write
          afterwards is not shared until you update the link. Search engines are asked not to list it.
        </DialogContentText>
        {url && (
          <TextField
            fullWidth
            label="Link"
            value={url}
            slotProps={{
              htmlInput: { readOnly: true, 'data-testid': 'share-url' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={copied ? 'Copied' : 'Copy link'}
                      onClick={() => void navigator.clipboard.writeText(url).then(() => setCopied(true))}
                      edge="end"
                    >
                      {copied ? <CheckIcon /> : <ContentCopyIcon />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
        {share.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {labErrorText(share.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {share.isPending && <CircularProgress size={20} aria-label="Saving" />}
        {url && (
          <Button color="error" onClick={() => void change(false)} disabled={share.isPending} data-testid="share-stop">
            Stop sharing
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={() => void change(true)} disabled={share.isPending} data-testid="share-create">
          {url ? 'Update link' : 'Create link'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
