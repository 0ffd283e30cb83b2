import { Box3, MeshStandardMaterial, Vector3, type BufferGeometry, type Material, type Object3D } from 'three';
import type { ModelFormat } from './file-set';

/** Which way is up in the file: three.js and glTF use +Y; CAD tools and 3D printers (STL) use +Z. */
export type UpAxis = 'y' | 'z';
export const UP_AXIS_LABELS: Record<UpAxis, string> = { y: 'Y-up', z: 'Z-up' };

/** STL and PLY come from CAD tools, scanners and slicers, which stand models on the XY plane. */
export function defaultUpAxis(format: ModelFormat): UpAxis {
  return format === 'stl' || format === 'ply' ? 'z' : 'y';
}

/** Turns the model's root so that its up axis points up on screen (+Z becomes +Y). */
export function applyUpAxis(root: Object3D, up: UpAxis): void {
  root.rotation.set(up === 'z' ? -Math.PI / 2 : 0, 0, 0);
  root.updateMatrixWorld(true);
}

/** The model's extent along the screen's x, y (height) and z, as it is turned now. */
export function modelSize(root: Object3D): [number, number, number] {
  root.updateMatrixWorld(true);
  const box = new Box3().setFromObject(root);
  if (box.isEmpty()) return [0, 0, 0];
  const size = box.getSize(new Vector3());
  return [size.x, size.y, size.z];
}

/** The size on screen of a model read with extent (x, y, z) when its up axis is `up`. */
export function orientedSize(extent: [number, number, number], up: UpAxis): [number, number, number] {
  const [x, y, z] = extent;
  return up === 'z' ? [x, z, y] : [x, y, z];
}

/** Whether a geometry lacks usable normals: none, or all (nearly) zero, as STL exporters often write. */
export function needsNormals(geometry: BufferGeometry): boolean {
  const normal = geometry.getAttribute('normal');
  if (!normal || normal.count === 0) return true;
  for (let i = 0; i < normal.count; i++) {
    if (Math.abs(normal.getX(i)) + Math.abs(normal.getY(i)) + Math.abs(normal.getZ(i)) > 1e-6) return false;
  }
  return true;
}

export function defaultMaterial(vertexColours: boolean): MeshStandardMaterial {
  return new MeshStandardMaterial({
    color: vertexColours ? 0xffffff : 0xb8c4cc,
    vertexColors: vertexColours,
    roughness: 0.55,
    metalness: 0.1,
  });
}

type Drawable = Object3D & { isMesh?: boolean; geometry?: BufferGeometry; material?: Material | Material[] };

/**
 * Makes every mesh drawable under the viewer's lights: normals recomputed where the file had none (or
 * only zeros, which draw black), and a lit grey material where it named none. Counts what it fixed.
 */
export function prepareMeshes(root: Object3D): { normals: number; materials: number } {
  const fixed = { normals: 0, materials: 0 };
  root.traverse((object: Drawable) => {
    if (!object.isMesh || !object.geometry?.getAttribute('position')) return;
    if (needsNormals(object.geometry)) {
      object.geometry.deleteAttribute('normal');
      object.geometry.computeVertexNormals();
      fixed.normals++;
    }
    const materials = [object.material ?? []].flat();
    if (materials.length === 0) {
      object.material = defaultMaterial(object.geometry.hasAttribute('color'));
      fixed.materials++;
    }
  });
  return fixed;
}
