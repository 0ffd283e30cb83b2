import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import LoginIcon from '@mui/icons-material/Login';
import ShareIcon from '@mui/icons-material/Share';
import { Alert, Box, Button, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useIsLoggedIn } from '../../../../shared/auth/auth-store';
import { scenesKey } from '../../api/query-keys';
import { useEditorStore } from '../editor-store';
import { saveToAccount } from './account-scenes';
import { SaveDialog } from './save-dialog';
import { ShareDialog } from './share-dialog';

const LOGIN = `/social/login?${new URLSearchParams({ redirect: '/hyper3d/editor' }).toString()}`;

/** Saving the scene to the account (a new scene, a new version, a copy) and sharing it; visitors are asked to log in. */
export function SceneAccount() {
  const loggedIn = useIsLoggedIn();
  const remote = useEditorStore((state) => state.remote);
  const saved = useEditorStore((state) => state.remote !== null && state.remote.savedDoc === state.doc);
  const queries = useQueryClient();
  const [dialog, setDialog] = useState<'save' | 'save-as' | 'share' | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (name: string, asNew: boolean) => {
    setDialog(null);
    setError(null);
    setProgress(0);
    try {
      await saveToAccount(name, asNew, setProgress);
      void queries.invalidateQueries({ queryKey: scenesKey });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setProgress(null);
    }
  };

  if (!loggedIn) {
    return (
      <Box component="section" aria-label="Your account">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Your scene is kept in this browser. Log in to save it to your account, open it on another device and share it.
        </Typography>
        <Button component={RouterLink} to={LOGIN} variant="outlined" startIcon={<LoginIcon />}>
          Log in to save
        </Button>
      </Box>
    );
  }
  const status = remote
    ? saved
      ? `Saved to your account as “${remote.name}”.`
      : `Changes not yet saved to “${remote.name}”.`
    : 'Not saved to your account yet.';
  return (
    <Stack spacing={1} component="section" aria-label="Your account">
      <Typography variant="body2" role="status" data-testid="account-status" data-saved={saved}>
        {status}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          startIcon={<CloudUploadIcon />}
          disabled={progress !== null}
          onClick={() => (remote ? void save(remote.name, false) : setDialog('save'))}
        >
          Save
        </Button>
        <Button variant="outlined" disabled={progress !== null} onClick={() => setDialog('save-as')}>
          Save as new…
        </Button>
        <Button
          variant="outlined"
          startIcon={<ShareIcon />}
          disabled={!remote || progress !== null}
          onClick={() => setDialog('share')}
        >
          Share…
        </Button>
      </Stack>
      <Link component={RouterLink} to="/hyper3d/scenes" variant="body2">
        My scenes
      </Link>
      {progress !== null && (
        <Box role="status">
          <Typography variant="body2">Saving… {Math.round(progress * 100)}%</Typography>
          <LinearProgress variant="determinate" value={progress * 100} aria-label="Saving the scene" />
        </Box>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError(null)} data-testid="save-error">
          {error}
        </Alert>
      )}
      {(dialog === 'save' || dialog === 'save-as') && (
        <SaveDialog
          title={dialog === 'save' ? 'Save to your account' : 'Save as a new scene'}
          initialName={dialog === 'save-as' && remote ? `${remote.name} (copy)` : (remote?.name ?? 'My scene')}
          onCancel={() => setDialog(null)}
          onSave={(name) => void save(name, dialog === 'save-as')}
        />
      )}
      {dialog === 'share' && remote && <ShareDialog sceneId={remote.id} saved={saved} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
