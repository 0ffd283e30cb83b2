import { Box3, Sphere, Vector3, type Object3D } from 'three';

export interface Framing {
  position: Vector3;
  target: Vector3;
  near: number;
  far: number;
  /** The radius of the model's bounding sphere: scales the grid and the zoom limits. */
  radius: number;
  /** The height of the model's lowest point, where the grid goes. */
  floor: number;
}

/** A camera placement that shows the whole model from the front, a little above and to the right. */
export function frameObject(object: Object3D, fovDegrees: number, aspect: number): Framing {
  const box = new Box3().setFromObject(object);
  if (box.isEmpty()) return frameBox(new Box3(new Vector3(-1, 0, -1), new Vector3(1, 2, 1)), fovDegrees, aspect);
  return frameBox(box, fovDegrees, aspect);
}

export function frameBox(box: Box3, fovDegrees: number, aspect: number): Framing {
  const sphere = box.getBoundingSphere(new Sphere());
  const radius = Math.max(sphere.radius, 1e-4);
  const vertical = (fovDegrees * Math.PI) / 180;
  const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * Math.max(aspect, 0.1));
  const distance = (radius / Math.sin(Math.min(vertical, horizontal) / 2)) * 1.1;
  const direction = new Vector3(0.55, 0.4, 1).normalize();
  return {
    position: sphere.center.clone().addScaledVector(direction, distance),
    target: sphere.center.clone(),
    near: Math.max(distance / 1000, radius / 1000),
    far: distance * 20,
    radius,
    floor: box.min.y,
  };
}

/** A round grid size (1, 2, 5 × 10ⁿ) a little larger than the model. */
export function gridSize(radius: number): number {
  const span = radius * 3;
  const power = 10 ** Math.floor(Math.log10(span));
  return ([1, 2, 5, 10].find((step) => step * power >= span) ?? 10) * power;
}
