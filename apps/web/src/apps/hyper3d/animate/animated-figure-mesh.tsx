import { useFrame, useThree, type ThreeEvent } from '@react-three/fiber';
import { forwardRef, useImperativeHandle, useRef } from 'react';
import type { Mesh, MeshStandardMaterial } from 'three';
import { FigureGeometry } from '../figures/figure-geometry';
import { poseAt, type AnimatedFigure } from './animate-model';
import { useAnimateStore } from './animate-store';
import { approach, hoverLook } from './keyframes';

/** A figure that follows its keyframes, and grows to 1.5× and turns yellow under the pointer, easing back. */
export const AnimatedFigureMesh = forwardRef<Mesh | null, { figure: AnimatedFigure }>(function AnimatedFigureMesh(
  { figure },
  ref,
) {
  const mesh = useRef<Mesh>(null);
  const material = useRef<MeshStandardMaterial>(null);
  const weight = useRef(0);
  const hovered = useAnimateStore((state) => state.hoveredId === figure.id);
  const { hover, select } = useAnimateStore.getState();
  const invalidate = useThree((state) => state.invalidate);
  useImperativeHandle(ref, () => mesh.current!, []);

  useFrame((_, delta) => {
    if (!mesh.current || !material.current) return;
    const target = hovered ? 1 : 0;
    weight.current = approach(weight.current, target, Math.min(delta, 0.1));
    if (weight.current !== target) invalidate();
    const { time, dragging, selectedId } = useAnimateStore.getState();
    const pose = poseAt(figure, time);
    const look = hoverLook(pose.colour, weight.current);
    material.current.color.set(look.colour);
    // The gizmo moves the selected mesh itself while it is dragged.
    if (dragging && selectedId === figure.id) return;
    mesh.current.userData.hoverScale = look.scale;
    mesh.current.position.set(...pose.position);
    mesh.current.rotation.set(...pose.rotation);
    mesh.current.scale.set(...pose.scale).multiplyScalar(look.scale);
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
      <meshStandardMaterial ref={material} color={figure.keys[0]!.colour} roughness={0.4} metalness={0.08} />
    </mesh>
  );
});
