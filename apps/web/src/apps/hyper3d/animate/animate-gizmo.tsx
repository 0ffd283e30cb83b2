import type { Object3D } from 'three';
import { poseOfObject, TransformGizmo } from '../scene/transform-gizmo';
import { useAnimateStore } from './animate-store';

/** The figure's mesh as the gizmo left it, without the hover growth the scene adds on top of its scale. */
const poseOf = (object: Object3D) => {
  const pose = poseOfObject(object, (object.userData.hoverScale as number | undefined) ?? 1);
  return { ...pose, scale: pose.scale.map((value) => Math.min(20, Math.max(0.05, value))) as typeof pose.scale };
};

/** The gizmo on the selected figure: the timeline pauses while dragging; the result is one command, kept as a keyframe. */
export function AnimateGizmo({ target, figureId, name }: { target: Object3D; figureId: string; name: string }) {
  const mode = useAnimateStore((state) => state.gizmo);
  return (
    <TransformGizmo
      target={target}
      mode={mode}
      readPose={poseOf}
      onStart={() => {
        const store = useAnimateStore.getState();
        store.pause();
        store.setDragging(true);
      }}
      onEnd={(pose, verb) => {
        const store = useAnimateStore.getState();
        store.setDragging(false);
        store.transform(figureId, pose, `${verb} ${name}`);
      }}
    />
  );
}
