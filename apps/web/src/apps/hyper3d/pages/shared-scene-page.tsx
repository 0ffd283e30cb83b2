import EditIcon from '@mui/icons-material/Edit';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { EmptyState } from '../../../shared/ui/empty-state';
import { downloadSceneFiles, getSharedScene, sceneFilesPath } from '../api/get-scene';
import { sharedSceneFilesKey, sharedSceneKey } from '../api/query-keys';
import { TYPE_LABELS } from '../editor/scene-model';
import { SceneLoading } from '../scene/scene-loading';
import { StudioLayout } from '../scene/studio-layout';

const SharedSceneView = lazy(() => import('../scenes/shared-scene-view').then((module) => ({ default: module.SharedSceneView })));

/** A scene someone shared: anyone with the link sees it, logged in or not, and may open a copy in their editor. */
export default function SharedScenePage() {
  const token = useParams().token ?? '';
  const scene = useQuery({ queryKey: sharedSceneKey(token), queryFn: () => getSharedScene(token), retry: false });
  const [progress, setProgress] = useState('');
  const files = useQuery({
    queryKey: sharedSceneFilesKey(token),
    enabled: scene.isSuccess,
    staleTime: Infinity,
    queryFn: () =>
      downloadSceneFiles(sceneFilesPath({ token }), scene.data!.scene.files, (done, total) =>
        setProgress(total > 0 ? `Downloading its models and textures: ${done} of ${total}` : ''),
      ),
  });

  if (scene.isError) {
    const gone = scene.error instanceof ApiError && scene.error.status === 404;
    return (
      <EmptyState icon={<LinkOffIcon />} title={gone ? 'This link opens no scene' : 'The scene could not be loaded'}>
        {gone ? 'Its owner stopped sharing it, or the link is mistyped.' : scene.error.message}
      </EmptyState>
    );
  }
  const data = scene.data;
  const view =
    data && files.data ? (
      <Suspense fallback={<SceneLoading />}>
        <SharedSceneView name={data.name} doc={data.scene} files={files.data} />
      </Suspense>
    ) : (
      <SceneLoading />
    );
  const panel = (
    <Stack spacing={2} data-testid="shared-panel">
      {files.isError && <Alert severity="error">Its files could not be downloaded: {files.error.message}</Alert>}
      {progress && !files.data && (
        <Typography variant="body2" role="status">
          {progress}
        </Typography>
      )}
      <Button
        component={RouterLink}
        to={`/hyper3d/editor?shared=${encodeURIComponent(token)}`}
        variant="contained"
        startIcon={<EditIcon />}
        disabled={!data}
      >
        Open a copy in the editor
      </Button>
      {data && (
        <Box component="section" aria-labelledby="shared-objects">
          <Typography variant="h4" component="h2" id="shared-objects" gutterBottom>
            In the scene ({data.scene.nodes.length})
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="shared-objects">
            {data.scene.nodes.map((node) => (
              <Typography component="li" variant="body2" key={node.id}>
                {node.name}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({TYPE_LABELS[node.type].toLowerCase()})
                </Typography>
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
  return (
    <StudioLayout
      title={data ? data.name : 'Shared scene'}
      intro="A scene shared with you, read only. Drag to orbit, scroll to zoom. Open a copy in the editor to change it."
      scene={view}
      panel={panel}
      panelLabel="About the scene"
    />
  );
}
