import { useThree } from '@react-three/fiber';
import { useEffect, type RefObject, type ReactNode } from 'react';
import { isSoftwareRenderer } from '../scene/software-renderer';
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

function RendererCheck() {
  const gl = useThree((state) => state.gl);
  useEffect(() => useViewerStore.getState().detectedRenderer(isSoftwareRenderer(gl.getContext())), [gl]);
  return null;
}

/** The model viewer's canvas: procedural environment lighting, orbit controls, the model. */
export function ModelViewerScene({ model, capture, overlay }: Props) {
  const { modelName, stats, clips, environment: wanted, softwareRenderer } = useViewerStore();
  // Decided once the renderer is known, so that the heavy pass never starts just to be dropped.
  const environment = wanted && softwareRenderer !== null;
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
          <RendererCheck />
          {environment && <RoomEnvironmentLight />}
          <hemisphereLight args={[colors.sky, colors.horizon, environment ? 0.35 : 1.6]} />
          <directionalLight position={[5, 10, 7]} intensity={environment ? 1.1 : 2} />
          {!environment && <directionalLight position={[-6, 3, -5]} intensity={0.8} />}
          <OrbitControls target={[0, 1, 0]} minDistance={0.01} maxDistance={100_000} />
          <ScreenshotBridge capture={capture} />
          {model && <ModelView key={model.object.uuid} model={model} colors={colors} />}
        </>
      )}
    </SceneCanvas>
  );
}
