import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import type { Object3D } from 'three';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { Vec3 } from './keyframes';
import { useAnimateStore } from './animate-store';

/** The figure's mesh as the gizmo left it, without the hover growth the scene adds on top of its scale. */
function poseOf(object: Object3D): { position: Vec3; rotation: Vec3; scale: Vec3 } {
  const hover = (object.userData.hoverScale as number | undefined) ?? 1;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    position: object.position.toArray().map(round) as Vec3,
    rotation: [object.rotation.x, object.rotation.y, object.rotation.z].map(round) as Vec3,
    scale: object.scale.toArray().map((value) => Math.min(20, Math.max(0.05, round(value / hover)))) as Vec3,
  };
}

/**
 * three's TransformControls on the selected figure: drag its arrows, rings or boxes to move, turn or
 * scale it. The timeline pauses while dragging, and the result is one command, kept as a keyframe.
 */
export function TransformGizmo({ target, figureId, name }: { target: Object3D; figureId: string; name: string }) {
  const camera = useThree((state) => state.camera);
  const element = useThree((state) => state.gl.domElement);
  const scene = useThree((state) => state.scene);
  const invalidate = useThree((state) => state.invalidate);
  const orbit = useThree((state) => state.controls) as OrbitControls | null;
  const mode = useAnimateStore((state) => state.gizmo);

  useEffect(() => {
    const controls = new TransformControls(camera, element);
    controls.setMode(mode);
    controls.setSize(0.9);
    controls.attach(target);
    const helper = controls.getHelper();
    scene.add(helper);
    const onChange = () => invalidate();
    const onDragging = (event: { value: unknown }) => {
      const dragging = Boolean(event.value);
      if (orbit) orbit.enabled = !dragging;
      const store = useAnimateStore.getState();
      if (dragging) {
        store.pause();
        store.setDragging(true);
        return;
      }
      store.setDragging(false);
      const verb = mode === 'translate' ? 'Move' : mode === 'rotate' ? 'Rotate' : 'Scale';
      store.transform(figureId, poseOf(target), `${verb} ${name}`);
    };
    controls.addEventListener('change', onChange);
    controls.addEventListener('dragging-changed', onDragging);
    invalidate();
    return () => {
      controls.removeEventListener('change', onChange);
      controls.removeEventListener('dragging-changed', onDragging);
      controls.detach();
      scene.remove(helper);
      controls.dispose();
      if (orbit) orbit.enabled = true;
      invalidate();
    };
  }, [camera, element, scene, invalidate, orbit, mode, target, figureId, name]);
  return null;
}
