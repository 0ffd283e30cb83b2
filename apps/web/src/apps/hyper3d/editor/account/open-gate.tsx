import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { showAlert } from '../../../../shared/alerts/alert-store';
import { downloadSceneFiles, getSharedScene, sceneFilesPath } from '../../api/get-scene';
import { hasUnsavedWork, openFromAccount, openSharedCopy } from './account-scenes';

export type OpenTarget = { kind: 'account'; id: string } | { kind: 'shared'; token: string };

/**
 * Opens a scene of the account (`?scene=`) or a copy of a shared one (`?shared=`) in the editor, once
 * the editor has read its own scene back: after asking, when that scene has work not saved to the account.
 */
export function OpenGate({ target, ready, onDone }: { target: OpenTarget | null; ready: boolean; onDone: () => void }) {
  const [asking, setAsking] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = target ? JSON.stringify(target) : null;

  const open = async (what: OpenTarget) => {
    setAsking(false);
    setError(null);
    setProgress('Opening the scene…');
    const files = (done: number, total: number) =>
      setProgress(total > 0 ? `Downloading its files: ${done} of ${total}` : 'Opening the scene…');
    try {
      if (what.kind === 'account') {
        const name = await openFromAccount(what.id, files);
        showAlert(`Opened “${name}” from your account.`, 'success');
      } else {
        const scene = await getSharedScene(what.token);
        await openSharedCopy(scene, await downloadSceneFiles(sceneFilesPath({ token: what.token }), scene.scene.files, files));
        showAlert(`Opened a copy of “${scene.name}”. Save it to keep it in your account.`, 'success');
      }
    } catch (failure) {
      setError(`The scene could not be opened: ${failure instanceof Error ? failure.message : String(failure)}`);
    } finally {
      setProgress(null);
      onDone();
    }
  };

  useEffect(() => {
    if (!ready || !key) return;
    const what = JSON.parse(key) as OpenTarget;
    if (hasUnsavedWork()) setAsking(true);
    else void open(what);
    // open() and onDone are recreated each render; the target and readiness decide.
  }, [ready, key]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <>
      {progress && (
        <Box role="status" sx={{ mb: 2 }} data-testid="open-progress">
          <Typography variant="body2">{progress}</Typography>
          <LinearProgress aria-label="Opening the scene" />
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Dialog open={asking && target !== null} onClose={() => (setAsking(false), onDone())}>
        <DialogTitle>Replace the scene in the editor?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The scene in the editor has changes that are not saved to your account. Opening another scene puts it away for good.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setAsking(false);
              onDone();
            }}
          >
            Keep this scene
          </Button>
          <Button variant="contained" onClick={() => target && void open(target)}>
            Open the other scene
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
