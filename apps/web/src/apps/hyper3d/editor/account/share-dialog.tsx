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
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { scenesKey } from '../../api/query-keys';
import { shareScene, unshareScene } from '../../api/share-scene';

/** Shares the account's scene read-only: the link to copy, and a way to stop sharing (the link then opens nothing). */
export function ShareDialog({ sceneId, saved, onClose }: { sceneId: string; saved: boolean; onClose: () => void }) {
  const queries = useQueryClient();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [stopped, setStopped] = useState(false);
  useEffect(() => {
    let cancelled = false;
    shareScene(sceneId)
      .then((share) => {
        if (cancelled) return;
        setUrl(share.url);
        void queries.invalidateQueries({ queryKey: scenesKey });
      })
      .catch((failure: unknown) => !cancelled && setError(failure instanceof Error ? failure.message : String(failure)));
    return () => {
      cancelled = true;
    };
  }, [sceneId, queries]);

  const stop = async () => {
    try {
      await unshareScene(sceneId);
      setStopped(true);
      setUrl(null);
      void queries.invalidateQueries({ queryKey: scenesKey });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Share the scene</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{error}</Alert>}
        {stopped && <Alert severity="success">The scene is no longer shared: its link opens nothing now.</Alert>}
        {!url && !error && !stopped && <CircularProgress aria-label="Making the link" />}
        {url && (
          <>
            <DialogContentText sx={{ mb: 2 }}>
              Anyone with this link can look at the scene, without logging in; nobody can change it.
              {!saved && ' It shows the scene as last saved to your account.'}
            </DialogContentText>
            <TextField
              label="Link"
              value={url}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'share-url' } }}
              onFocus={(event) => event.target.select()}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        {url && (
          <>
            <Button color="error" onClick={() => void stop()}>
              Stop sharing
            </Button>
            <Button
              startIcon={<ContentCopyIcon />}
              onClick={() =>
                void navigator.clipboard?.writeText(url).then(
                  () => setCopied(true),
                  () => undefined,
                )
              }
            >
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </>
        )}
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
