import { Box, Divider, Stack, Typography } from '@mui/material';
import { HistoryButtons } from '../history/history-buttons';
import { useSaveStatus, type SaveState } from '../storage/scene-storage';
import { SceneAccount } from './account/scene-account';
import { useEditorStore, useSelectedNode } from './editor-store';
import { OutlineTree } from './outline/outline-tree';
import { AddToolbar } from './panel/add-toolbar';
import { ExportButton } from './panel/export-button';
import { NodeProperties } from './panel/node-properties';

const KEPT: Record<SaveState, string> = {
  idle: '',
  restoring: 'Reading your scene from this browser…',
  saving: 'Keeping it in this browser…',
  saved: 'Kept in this browser.',
  failed: 'This browser could not keep your scene; save it to your account or export it.',
};

/** The editor's side: undo and redo, adding, the outline, the selected object's properties, files and the account. */
export function EditorPanel() {
  const history = useEditorStore((state) => state.history);
  const count = useEditorStore((state) => state.doc.nodes.length);
  const { undo, redo } = useEditorStore.getState();
  const selected = useSelectedNode();
  const kept = useSaveStatus((state) => state.editor);
  return (
    <Stack spacing={2} data-testid="editor-panel">
      <HistoryButtons history={history} undo={undo} redo={redo} />
      <AddToolbar />
      <Divider />
      <Box component="section" aria-labelledby="outline-heading">
        <Typography variant="h4" component="h2" id="outline-heading" gutterBottom>
          Scene ({count} {count === 1 ? 'object' : 'objects'})
        </Typography>
        <OutlineTree />
      </Box>
      <Divider />
      {selected ? (
        <NodeProperties key={selected.id} node={selected} />
      ) : (
        <Typography color="text.secondary" data-testid="properties-hint">
          Select an object in the outline or in the view to move it, change it or see through it.
        </Typography>
      )}
      <Divider />
      <Stack spacing={1} component="section" aria-label="Files">
        <ExportButton />
        <Typography variant="body2" color="text.secondary" role="status" data-testid="save-status" data-state={kept}>
          {KEPT[kept]}
        </Typography>
      </Stack>
      <Divider />
      <SceneAccount />
    </Stack>
  );
}
