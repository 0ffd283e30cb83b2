import { useMemo } from 'react';
import { childrenOf, type SceneDoc } from '../editor/scene-model';
import { FileSourceContext } from '../editor/scene/file-source';
import { NodeObject } from '../editor/scene/node-object';
import { FitCamera } from '../scene/fit-camera';
import { OrbitControls } from '../scene/orbit-controls';
import { SceneCanvas } from '../scene/scene-canvas';

/** A shared scene, read-only: its own lights and objects, no helpers, no grid; orbit and zoom only. */
export function SharedSceneView({ name, doc, files }: { name: string; doc: SceneDoc; files: ReadonlyMap<string, File> }) {
  const roots = useMemo(() => childrenOf(doc, null), [doc]);
  const source = useMemo(() => (id: string) => Promise.resolve(files.get(id)), [files]);
  return (
    <SceneCanvas
      testId="shared-canvas"
      label={`3D view of ${name}`}
      description={`${doc.nodes.length} objects: ${doc.nodes.map((node) => node.name).join(', ')}. Drag to orbit, scroll to zoom.`}
      camera={{ position: [7, 5.5, 9] }}
    >
      {() => (
        <FileSourceContext.Provider value={source}>
          <OrbitControls target={[0, 0.8, 0]} minDistance={1} maxDistance={80} />
          <FitCamera />
          {roots.map((node) => (
            <NodeObject key={node.id} node={node} doc={doc} editing={false} lookThrough={null} />
          ))}
        </FileSourceContext.Provider>
      )}
    </SceneCanvas>
  );
}
