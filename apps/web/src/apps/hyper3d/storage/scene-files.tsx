import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { showAlert } from '../../../shared/alerts/alert-store';
import { downloadBlob } from './download-blob';
import { parseScene, serializeScene, type SceneFile, type SceneKind } from './scene-file';
import { useSaveStatus, type SaveState } from './scene-storage';

interface Props<K extends SceneKind> {
  kind: K;
  figures: () => SceneFile<K>['figures'];
  onImport: (figures: SceneFile<K>['figures'], fileName: string) => void;
  /** The scene as a binary glTF (three's exporter is fetched on the first export). */
  glb: () => Promise<Blob>;
}

const SAVE_TEXT: Record<SaveState, string> = {
  idle: '',
  restoring: 'Reading your saved work…',
  saving: 'Saving…',
  saved: 'Saved in this browser',
  failed: 'This browser could not save your work; export it to keep it.',
};

/** Export and import the scene as a JSON file, export it as GLB, and say whether it is saved in this browser. */
export function SceneFiles<K extends SceneKind>({ kind, figures, onImport, glb }: Props<K>) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const saved = useSaveStatus((state) => state[kind]);

  const importFile = async (file: File) => {
    const read = parseScene(kind, await file.text(), `"${file.name}"`);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setError(null);
    onImport(read.figures, file.name);
    showAlert(`Imported ${read.figures.length} figures from ${file.name}.`, 'success');
  };
  const exportGlb = async () => {
    setExporting(true);
    try {
      downloadBlob(await glb(), `hyper3d-${kind}.glb`);
    } catch (failure) {
      showAlert(`The GLB export failed: ${failure instanceof Error ? failure.message : String(failure)}`, 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack spacing={1} component="section" aria-label="Files">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() =>
            downloadBlob(new Blob([serializeScene(kind, figures())], { type: 'application/json' }), `hyper3d-${kind}.json`)
          }
        >
          Export JSON
        </Button>
        <Button size="small" variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
          Import JSON
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void exportGlb()}
          disabled={exporting}
        >
          {exporting ? 'Exporting…' : 'Export GLB'}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="scene-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </Stack>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} data-testid="scene-import-error">
          {error} Nothing was changed.
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" role="status" data-testid="save-status" data-state={saved}>
        {SAVE_TEXT[saved]}
      </Typography>
    </Stack>
  );
}
