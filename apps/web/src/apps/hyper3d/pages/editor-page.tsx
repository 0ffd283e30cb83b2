import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { OpenGate, type OpenTarget } from '../editor/account/open-gate';
import { EditorPanel } from '../editor/editor-panel';
import { takeForEditor } from '../editor/editor-inbox';
import { keepEditorInBrowser } from '../editor/editor-storage';
import { importModelIntoScene } from '../editor/import-model';
import { SceneLoading } from '../scene/scene-loading';
import { StudioLayout } from '../scene/studio-layout';

// three.js, React Three Fiber and the helpers load beside the page: the outline and the panel show at once.
const EditorScene = lazy(() => import('../editor/scene/editor-scene').then((module) => ({ default: module.EditorScene })));

export default function EditorPage() {
  const [params, setParams] = useSearchParams();
  const [ready, setReady] = useState(false);
  useEffect(() => keepEditorInBrowser(() => setReady(true)), []);
  // A model the viewer handed over ("Open in the editor") joins the scene once it is read back.
  useEffect(() => {
    const files = ready ? takeForEditor() : null;
    if (files) void importModelIntoScene(files);
  }, [ready]);
  const scene = params.get('scene');
  const shared = params.get('shared');
  const target: OpenTarget | null = scene ? { kind: 'account', id: scene } : shared ? { kind: 'shared', token: shared } : null;
  return (
    <StudioLayout
      title="Editor"
      intro={
        <>
          A small scene editor: add figures, lights and cameras, import models, arrange them in the outline and give figures their
          materials. Every change can be undone (Ctrl+Z, Ctrl+Shift+Z). The scene is kept in this browser; log in to save it to
          your account and share it.
        </>
      }
      notice={<OpenGate target={target} ready={ready} onDone={() => setParams({}, { replace: true })} />}
      scene={
        <Suspense fallback={<SceneLoading />}>
          <EditorScene />
        </Suspense>
      }
      panel={<EditorPanel />}
      panelLabel="Editor panel"
      panelWidth={360}
    />
  );
}
