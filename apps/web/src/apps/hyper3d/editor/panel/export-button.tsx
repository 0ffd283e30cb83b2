import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { showAlert } from '../../../../shared/alerts/alert-store';
import { downloadBlob } from '../../storage/download-blob';
import { useEditorStore } from '../editor-store';
import { fileById } from '../file-store';

/** Downloads the scene as a binary glTF, and says how many nodes it holds (a viewer opening it shows as many). */
export function ExportButton() {
  const [state, setState] = useState<{ busy: boolean; nodes: number | null }>({ busy: false, nodes: null });
  const exportNow = async () => {
    setState({ busy: true, nodes: null });
    try {
      // three.js's exporter and the model loaders load when a GLB is asked for, not with the panel.
      const { exportScene } = await import('../export/editor-export');
      const { blob, nodes } = await exportScene(useEditorStore.getState().doc, fileById);
      downloadBlob(blob, `${useEditorStore.getState().remote?.name ?? 'hyper3d-scene'}.glb`);
      setState({ busy: false, nodes });
    } catch (failure) {
      setState({ busy: false, nodes: null });
      showAlert(`The GLB export failed: ${failure instanceof Error ? failure.message : String(failure)}`, 'error');
    }
  };
  return (
    <Stack spacing={0.5}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={() => void exportNow()}
        disabled={state.busy}
        sx={{ alignSelf: 'flex-start' }}
      >
        {state.busy ? 'Exporting…' : 'Export GLB'}
      </Button>
      <Typography
        variant="body2"
        color="text.secondary"
        role="status"
        data-testid="export-result"
        data-nodes={state.nodes ?? undefined}
      >
        {state.nodes !== null ? `Exported ${state.nodes} ${state.nodes === 1 ? 'node' : 'nodes'}.` : ''}
      </Typography>
    </Stack>
  );
}
