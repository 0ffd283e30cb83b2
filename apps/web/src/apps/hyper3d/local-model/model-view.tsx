import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { AnimationMixer, GridHelper, PerspectiveCamera, type Material, type Object3D } from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { SceneColors } from '../scene/scene-colors';
import { frameObject, gridSize, type Framing } from './frame-camera';
import type { LoadedModel } from './model-loaders';
import { applyUpAxis, type UpAxis } from './model-setup';
import { useViewerStore } from './viewer-store';

function setWireframe(object: Object3D, on: boolean) {
  object.traverse((child) => {
    for (const material of [(child as { material?: Material | Material[] }).material ?? []].flat()) {
      if ('wireframe' in material) material.wireframe = on;
    }
  });
}

/** Points the camera (and the orbit controls) at a newly loaded model. */
function useFraming(model: LoadedModel, up: UpAxis): Framing {
  const camera = useThree((state) => state.camera);
  const size = useThree((state) => state.size);
  const controls = useThree((state) => state.controls) as OrbitControls | null;
  const invalidate = useThree((state) => state.invalidate);
  const framing = useMemo(() => {
    applyUpAxis(model.object, up);
    return frameObject(model.object, 45, size.width / Math.max(size.height, 1));
  }, [model, up]); // eslint-disable-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    camera.position.copy(framing.position);
    camera.near = framing.near;
    camera.far = framing.far;
    if (camera instanceof PerspectiveCamera) camera.updateProjectionMatrix();
    camera.lookAt(framing.target);
    if (controls) {
      controls.target.copy(framing.target);
      controls.minDistance = framing.radius * 0.2;
      controls.maxDistance = framing.radius * 12;
      controls.update();
    }
    invalidate();
  }, [framing, camera, controls, invalidate]);
  return framing;
}

/** The loaded model: framed, animated by its clips as the store says, wireframe on request, over a grid. */
export function ModelView({ model, colors }: { model: LoadedModel; colors: SceneColors }) {
  const { playing, speed, wireframe, grid, upAxis } = useViewerStore();
  const invalidate = useThree((state) => state.invalidate);
  const framing = useFraming(model, upAxis);
  const [mixer] = useState(() => new AnimationMixer(model.object));
  const anyPlaying = Object.values(playing).some(Boolean);

  useEffect(
    () => () => {
      mixer.stopAllAction();
      mixer.uncacheRoot(mixer.getRoot());
    },
    [mixer],
  );

  useEffect(() => {
    for (const clip of model.clips) {
      const action = mixer.clipAction(clip);
      if (playing[clip.name]) {
        action.paused = false;
        action.play();
      } else if (action.isRunning()) {
        action.paused = true;
      }
    }
    invalidate();
  }, [model, mixer, playing, invalidate]);

  useEffect(() => {
    mixer.timeScale = speed;
  }, [mixer, speed]);

  useEffect(() => {
    setWireframe(model.object, wireframe);
    invalidate();
  }, [model, wireframe, invalidate]);

  useFrame((_, delta) => {
    if (!anyPlaying) return;
    mixer.update(Math.min(delta, 0.1));
    invalidate();
  });

  return (
    <>
      <primitive object={model.object} />
      {grid && <ModelGrid framing={framing} colors={colors} />}
    </>
  );
}

/**
 * The grid under the model, made and disposed here rather than by React Three Fiber (which frees
 * unmounted objects later, when idle), so that the renderer's memory is exact after each model.
 */
function ModelGrid({ framing, colors }: { framing: Framing; colors: SceneColors }) {
  const size = gridSize(framing.radius);
  const helper = useMemo(() => new GridHelper(size, 20, colors.gridCentre, colors.grid), [size, colors]);
  useEffect(() => () => helper.dispose(), [helper]);
  return <primitive object={helper} position={[framing.target.x, framing.floor, framing.target.z]} />;
}
