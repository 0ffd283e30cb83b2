import { useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import type { Object3D } from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';

type Vec3 = [number, number, number];
export type GizmoMode = 'translate' | 'rotate' | 'scale';
export interface GizmoPose {
  position: Vec3;
  rotation: Vec3;
  scale: Vec3;
}
export const GIZMO_VERBS: Record<GizmoMode, 'Move' | 'Rotate' | 'Scale'> = {
  translate: 'Move',
  rotate: 'Rotate',
  scale: 'Scale',
};

const round = (value: number) => Math.round(value * 1000) / 1000;

/** An object's transform as the gizmo left it, rounded to thousandths. */
export function poseOfObject(object: Object3D, scaleDivisor = 1): GizmoPose {
  return {
    position: object.position.toArray().map(round) as Vec3,
    rotation: [object.rotation.x, object.rotation.y, object.rotation.z].map(round) as Vec3,
    scale: object.scale.toArray().map((value) => round(value / scaleDivisor)) as Vec3,
  };
}

interface Props {
  target: Object3D;
  mode: GizmoMode;
  /** A drag begins (the orbit controls are off until it ends). */
  onStart?: () => void;
  /** A drag ended: one command with the pose it left. */
  onEnd: (pose: GizmoPose, verb: 'Move' | 'Rotate' | 'Scale') => void;
  /** Reads the pose (default: the target's transform). */
  readPose?: (object: Object3D) => GizmoPose;
}

/**
 * three's TransformControls on an object: drag its arrows, rings or boxes to move, turn or scale it.
 * Its parts are marked `userData.editorHelper`, so that a click on them never picks what is behind.
 */
export function TransformGizmo({ target, mode, onStart, onEnd, readPose = poseOfObject }: Props) {
  const camera = useThree((state) => state.camera);
  const element = useThree((state) => state.gl.domElement);
  const scene = useThree((state) => state.scene);
  const invalidate = useThree((state) => state.invalidate);
  const orbit = useThree((state) => state.controls) as OrbitControls | null;
  const handlers = useRef({ onStart, onEnd, readPose });
  handlers.current = { onStart, onEnd, readPose };

  useEffect(() => {
    const controls = new TransformControls(camera, element);
    controls.setMode(mode);
    controls.setSize(0.9);
    controls.attach(target);
    const helper = controls.getHelper();
    helper.userData.editorHelper = true;
    scene.add(helper);
    const onChange = () => invalidate();
    const onDragging = (event: { value: unknown }) => {
      const dragging = Boolean(event.value);
      if (orbit) orbit.enabled = !dragging;
      if (dragging) handlers.current.onStart?.();
      else handlers.current.onEnd(handlers.current.readPose(target), GIZMO_VERBS[mode]);
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
  }, [camera, element, scene, invalidate, orbit, mode, target]);
  return null;
}
