import { Box } from '@mui/material';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../../shared/alerts/alert-store';
import { sendToEditor } from '../editor/editor-inbox';
import { DropOverlay } from '../local-model/drop-overlay';
import { filesFromDrop } from '../local-model/dropped-files';
import { ModelViewerScene } from '../local-model/model-viewer-scene';
import { downloadBlob, type Capture } from '../local-model/screenshot';
import { useModelLoader } from '../local-model/use-model-loader';
import { ViewerPanel } from '../local-model/viewer-panel';
import { useViewerStore } from '../local-model/viewer-store';
import { StudioLayout } from '../scene/studio-layout';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

export default function LocalModelPage() {
  const { model, open, openSample } = useModelLoader();
  const navigate = useNavigate();
  const capture = useRef<Capture | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    useViewerStore.getState().reset();
    void openSample();
  }, [openSample]);

  const openInEditor = () => {
    const source = useViewerStore.getState().source;
    if (!source) return;
    sendToEditor(source.files);
    void navigate('/hyper3d/editor');
  };

  const screenshot = async () => {
    try {
      const blob = await capture.current?.();
      if (!blob) return;
      const name = (useViewerStore.getState().modelName ?? 'model').replace(/\.[^.]+$/, '');
      downloadBlob(blob, `${name}-screenshot.png`);
    } catch (error) {
      showAlert(error instanceof Error ? error.message : 'The screenshot failed.', 'error');
    }
  };

  const scene = (
    <Box
      sx={{ height: '100%' }}
      data-testid="model-drop-zone"
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        void filesFromDrop(event.dataTransfer).then((files) => open(files));
      }}
    >
      <ModelViewerScene model={model} capture={capture} overlay={<DropOverlay dragging={dragging} />} />
    </Box>
  );

  return (
    <StudioLayout
      title="Local Model"
      intro="View a 3D model from your disk: open or drop its files. Nothing is uploaded; the model is read in this browser. A small sample robot is shown until you open one. Open in the editor places it in your scene."
      scene={scene}
      panel={
        <ViewerPanel onOpen={(files) => void open(files)} onScreenshot={() => void screenshot()} onOpenInEditor={openInEditor} />
      }
      panelLabel="Model panel"
    />
  );
}
