import { useFrame, useThree, type ThreeEvent } from '@react-three/fiber';
import { useRef } from 'react';
import type { Mesh, MeshStandardMaterial } from 'three';
import { FigureGeometry } from '../figures/figure-geometry';
import type { AnimatedFigure } from './animate-model';
import { poseAt } from './animate-model';
import { useAnimateStore } from './animate-store';
import { approach, hoverLook } from './keyframes';

/** A figure that follows the timeline, and grows to 1.5× and turns yellow under the pointer, easing back. */
export function AnimatedFigureMesh({ figure }: { figure: AnimatedFigure }) {
  const mesh = useRef<Mesh>(null);
  const material = useRef<MeshStandardMaterial>(null);
  const weight = useRef(0);
  const hovered = useAnimateStore((state) => state.hoveredId === figure.id);
  const { hover, select } = useAnimateStore.getState();
  const invalidate = useThree((state) => state.invalidate);

  useFrame((_, delta) => {
    if (!mesh.current || !material.current) return;
    const target = hovered ? 1 : 0;
    weight.current = approach(weight.current, target, Math.min(delta, 0.1));
    if (weight.current !== target) invalidate();
    const { time } = useAnimateStore.getState();
    const base = poseAt(figure, time);
    const look = hoverLook(base.colour, weight.current);
    const pose = poseAt(figure, time, look.scale);
    mesh.current.position.set(...pose.position);
    mesh.current.rotation.set(...pose.rotation);
    mesh.current.scale.setScalar(look.scale);
    material.current.color.set(look.colour);
  });

  return (
    <mesh
      ref={mesh}
      name={figure.name}
      castShadow
      receiveShadow
      onPointerOver={(event: ThreeEvent<PointerEvent>) => {
        event.stopPropagation();
        hover(figure.id);
      }}
      onPointerOut={() => hover(null)}
      onClick={(event: ThreeEvent<MouseEvent>) => {
        event.stopPropagation();
        select(figure.id);
      }}
    >
      <FigureGeometry kind={figure.kind} />
      <meshStandardMaterial ref={material} color={figure.colour} roughness={0.4} metalness={0.08} />
    </mesh>
  );
}
