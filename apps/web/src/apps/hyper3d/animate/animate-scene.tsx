import { useTheme } from '@mui/material';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useState } from 'react';
import type { Mesh } from 'three';
import { FitCamera } from '../scene/fit-camera';
import { OrbitControls } from '../scene/orbit-controls';
import { SceneCanvas } from '../scene/scene-canvas';
import { Ground, StudioLights } from '../scene/studio-lights';
import { poseAt } from './animate-model';
import { AnimatedFigureMesh } from './animated-figure-mesh';
import { useAnimateStore } from './animate-store';
import { AnimateGizmo } from './animate-gizmo';

/** Advances the timeline each frame while playing, and draws a frame whenever the timeline changes. */
function TimelineDriver() {
  const invalidate = useThree((state) => state.invalidate);
  const element = useThree((state) => state.gl.domElement);
  const hovered = useAnimateStore((state) => state.hoveredId !== null);
  useEffect(() => useAnimateStore.subscribe(() => invalidate()), [invalidate]);
  useEffect(() => {
    element.style.cursor = hovered ? 'pointer' : '';
  }, [element, hovered]);
  useFrame((_, delta) => {
    const { playing, tick } = useAnimateStore.getState();
    if (playing) tick(delta);
  });
  return null;
}

function SelectionRing({ x, z }: { x: number; z: number }) {
  const accent = useTheme().palette.primary.main;
  return (
    <mesh rotation-x={-Math.PI / 2} position={[x, 0.01, z]}>
      <ringGeometry args={[0.95, 1.08, 64]} />
      <meshBasicMaterial color={accent} />
    </mesh>
  );
}

export function AnimateScene() {
  const figures = useAnimateStore((state) => state.figures);
  const selected = useAnimateStore((state) => state.figures.find((figure) => figure.id === state.selectedId));
  const time = useAnimateStore((state) => state.time);
  const select = useAnimateStore((state) => state.select);
  const [target, setTarget] = useState<Mesh | null>(null);
  const at = selected ? poseAt(selected, time).position : null;
  const description = (
    <>
      {figures.length} figures: {figures.map((figure) => `${figure.name} (${figure.keys.length} keyframes)`).join(', ')}. They
      grow and turn yellow under the pointer.{' '}
      {selected
        ? `${selected.name} is selected: drag its gizmo to move, turn or scale it, or type its pose in the panel.`
        : 'None is selected.'}
    </>
  );
  return (
    <SceneCanvas
      testId="animate-canvas"
      label="3D scene of animated figures"
      description={description}
      camera={{ position: [0, 3.6, 8.5] }}
      onPointerMissed={() => select(null)}
    >
      {(colors) => (
        <>
          <StudioLights colors={colors} />
          <Ground colors={colors} />
          <OrbitControls target={[0, 1, 0]} aboveGround minDistance={3} maxDistance={25} />
          <TimelineDriver />
          <FitCamera />
          {figures.map((figure) => (
            <AnimatedFigureMesh key={figure.id} figure={figure} ref={figure.id === selected?.id ? setTarget : undefined} />
          ))}
          {at && <SelectionRing x={at[0]} z={at[2]} />}
          {selected && target && <AnimateGizmo target={target} figureId={selected.id} name={selected.name} />}
        </>
      )}
    </SceneCanvas>
  );
}
