import { Alert, Box, Typography } from '@mui/material';
import { FORMAT_LABELS } from '../../local-model/file-set';
import { useEditorStore } from '../editor-store';
import { useModelStatus } from '../model-status';
import type { NodeOf } from '../scene-model';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** An imported model: its format and files, and how its loading went. */
export function ModelFields({ node }: { node: NodeOf<'model'> }) {
  const files = useEditorStore((state) => state.doc.files);
  const status = useModelStatus((all) => all[node.id]);
  return (
    <Box component="section" aria-label="Model" data-testid="model-fields">
      <Typography variant="body2">
        {FORMAT_LABELS[node.model.format]}
        {status?.state === 'ready' && `, ${status.nodes} ${status.nodes === 1 ? 'node' : 'nodes'}`}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {node.model.files.map((id) => {
          const file = files.find((entry) => entry.id === id);
          return (
            <Typography component="li" variant="body2" color="text.secondary" key={id} sx={{ overflowWrap: 'anywhere' }}>
              {file ? `${file.name} (${size(file.size)})` : id}
            </Typography>
          );
        })}
      </Box>
      {status?.state === 'loading' && <Typography variant="body2">Loading the model…</Typography>}
      {status?.state === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {status.error}
        </Alert>
      )}
    </Box>
  );
}
