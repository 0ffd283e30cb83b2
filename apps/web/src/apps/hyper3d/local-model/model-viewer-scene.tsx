import type { RefObject, ReactNode } from 'react';
import { OrbitControls } from '../scene/orbit-controls';
import { SceneCanvas } from '../scene/scene-canvas';
import type { LoadedModel } from './model-loaders';
import { ModelView } from './model-view';
import { RoomEnvironmentLight } from './room-environment';
import { ScreenshotBridge, type Capture } from './screenshot';
import { useViewerStore } from './viewer-store';

interface Props {
  model: LoadedModel | null;
  capture: RefObject<Capture | null>;
  overlay: ReactNode;
}

/** The model viewer's canvas: procedural environment lighting, orbit controls, the model. */
export function ModelViewerScene({ model, capture, overlay }: Props) {
  const { modelName, stats, clips } = useViewerStore();
  const description = modelName
    ? `${modelName}: ${stats?.meshes ?? 0} meshes, ${stats?.vertices ?? 0} vertices, ${stats?.triangles ?? 0} triangles, ` +
      `${clips.length} animation clips. Drag to orbit, scroll to zoom.`
    : 'No model is open yet.';
  return (
    <SceneCanvas
      testId="model-canvas"
      label={modelName ? `3D view of ${modelName}` : '3D model view'}
      description={description}
      camera={{ position: [4, 3, 6] }}
      overlay={overlay}
    >
      {(colors) => (
        <>
          <RoomEnvironmentLight />
          <hemisphereLight args={[colors.sky, colors.horizon, 0.35]} />
          <directionalLight position={[5, 10, 7]} intensity={1.1} />
          <OrbitControls target={[0, 1, 0]} minDistance={0.01} maxDistance={100_000} />
          <ScreenshotBridge capture={capture} />
          {model && <ModelView key={model.object.uuid} model={model} colors={colors} />}
        </>
      )}
    </SceneCanvas>
  );
}
