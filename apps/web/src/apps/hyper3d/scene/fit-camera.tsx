import { useThree } from '@react-three/fiber';
import { useLayoutEffect } from 'react';
import { PerspectiveCamera } from 'three';

/** The vertical field of view that keeps the horizontal one of `fov` at `wideAspect` on narrower views. */
export function fittedFov(fov: number, aspect: number, wideAspect = 1.3): number {
  if (aspect >= wideAspect) return fov;
  const halfWidth = Math.tan((fov * Math.PI) / 360) * wideAspect;
  return Math.min(100, (Math.atan(halfWidth / Math.max(aspect, 0.2)) * 360) / Math.PI);
}

/** Keeps a scene as wide on a portrait phone as on a laptop, instead of cutting its sides off. */
export function FitCamera({ fov = 45 }: { fov?: number }) {
  const camera = useThree((state) => state.camera);
  const { width, height } = useThree((state) => state.size);
  const invalidate = useThree((state) => state.invalidate);
  useLayoutEffect(() => {
    if (!(camera instanceof PerspectiveCamera) || height === 0) return;
    camera.fov = fittedFov(fov, width / height);
    camera.updateProjectionMatrix();
    invalidate();
  }, [camera, width, height, fov, invalidate]);
  return null;
}
