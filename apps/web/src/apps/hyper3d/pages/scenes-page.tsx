import CollectionsIcon from '@mui/icons-material/Collections';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import LoginIcon from '@mui/icons-material/Login';
import ShareIcon from '@mui/icons-material/Share';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Skeleton,
  Snackbar,
  Stack,
  Typography,
} from '@mui/material';
import type { Hyper3dSceneSummary } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useScenes } from '../api/get-scenes';
import { scenesKey } from '../api/query-keys';
import { ShareDialog } from '../editor/account/share-dialog';
import { useUndoShortcuts } from '../history/history-buttons';
import { usePendingDelete } from '../scenes/use-pending-delete';

const LOGIN = `/social/login?${new URLSearchParams({ redirect: '/hyper3d/scenes' }).toString()}`;
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function SceneCard({ scene, onShare, onDelete }: { scene: Hyper3dSceneSummary; onShare: () => void; onDelete: () => void }) {
  const titleId = `scene-${scene.id}`;
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column' }}
      data-testid="scene-card"
      aria-labelledby={titleId}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography variant="h4" component="h2" id={titleId} noWrap title={scene.name} sx={{ minWidth: 0 }}>
            {scene.name}
          </Typography>
          {scene.shared && <Chip size="small" color="primary" label="Shared" />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {scene.nodes} {scene.nodes === 1 ? 'object' : 'objects'} · {size(scene.size)} · saved{' '}
          <time dateTime={scene.updated_at}>{when(scene.updated_at)}</time>
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        <Button
          component={RouterLink}
          to={`/hyper3d/editor?scene=${scene.id}`}
          startIcon={<EditIcon />}
          aria-label={`Open ${scene.name}`}
        >
          Open
        </Button>
        <Button startIcon={<ShareIcon />} onClick={onShare} aria-label={`Share ${scene.name}`}>
          Share
        </Button>
        <Button color="error" startIcon={<DeleteIcon />} onClick={onDelete} aria-label={`Delete ${scene.name}`}>
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}

/** The scenes saved to the account, newest first, a page at a time: open, share or delete (with a moment to undo). */
export default function ScenesPage() {
  const loggedIn = useIsLoggedIn();
  const scenes = useScenes();
  const queries = useQueryClient();
  const [sharing, setSharing] = useState<Hyper3dSceneSummary | null>(null);
  const [confirming, setConfirming] = useState<Hyper3dSceneSummary | null>(null);
  const pending = usePendingDelete(() => void queries.invalidateQueries({ queryKey: scenesKey }));
  useUndoShortcuts(pending.undo, () => undefined);
  const rows = (scenes.data?.pages ?? []).flatMap((page) => page.results).filter((scene) => scene.id !== pending.scene?.id);

  return (
    <Box sx={{ px: { xs: 2, md: 3 }, pb: 4 }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
        My scenes
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 820 }}>
        The editor&apos;s scenes saved to your account, with their models and textures: open one on any device, share it by a
        link, or delete it.
      </Typography>
      {!loggedIn ? (
        <EmptyState
          icon={<CollectionsIcon />}
          title="Log in to keep scenes in your account"
          action={
            <Button component={RouterLink} to={LOGIN} variant="contained" startIcon={<LoginIcon />}>
              Log in
            </Button>
          }
        >
          Without an account the editor keeps your scene in this browser.
        </EmptyState>
      ) : scenes.isPending ? (
        <Stack spacing={2} aria-label="Loading your scenes" role="progressbar">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={110} />
          ))}
        </Stack>
      ) : scenes.isError ? (
        <Alert severity="error">Your scenes could not be loaded: {scenes.error.message}</Alert>
      ) : rows.length === 0 && !scenes.hasNextPage ? (
        <EmptyState
          icon={<CollectionsIcon />}
          title="No scene saved yet"
          action={
            <Button component={RouterLink} to="/hyper3d/editor" variant="contained" startIcon={<EditIcon />}>
              Open the editor
            </Button>
          }
        >
          Build a scene in the editor and save it: it shows up here.
        </EmptyState>
      ) : (
        <>
          <Box
            component="ul"
            aria-label="Your scenes"
            sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' }}
          >
            {rows.map((scene) => (
              <SceneCard key={scene.id} scene={scene} onShare={() => setSharing(scene)} onDelete={() => setConfirming(scene)} />
            ))}
          </Box>
          {scenes.hasNextPage && (
            <Button
              sx={{ mt: 2 }}
              variant="outlined"
              onClick={() => void scenes.fetchNextPage()}
              disabled={scenes.isFetchingNextPage}
            >
              {scenes.isFetchingNextPage ? 'Loading…' : 'Show more scenes'}
            </Button>
          )}
        </>
      )}
      {pending.error && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={pending.dismissError}>
          {pending.error}
        </Alert>
      )}
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)}>
        <DialogTitle>Delete “{confirming?.name}”?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The scene and its models leave your account{confirming?.shared ? ', and its link stops working' : ''}.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (confirming) pending.remove(confirming);
              setConfirming(null);
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        open={pending.scene !== null}
        message={pending.scene ? `Deleted “${pending.scene.name}”.` : ''}
        action={
          <Button color="inherit" size="small" onClick={pending.undo}>
            Undo
          </Button>
        }
      />
      {sharing && <ShareDialog sceneId={sharing.id} saved onClose={() => setSharing(null)} />}
    </Box>
  );
}
