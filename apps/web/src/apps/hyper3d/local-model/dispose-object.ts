import type { BufferGeometry, Material, Object3D, Skeleton, Texture } from 'three';
import { texturesOf } from './model-stats';

type Owner = Object3D & { geometry?: BufferGeometry; material?: Material | Material[]; skeleton?: Skeleton };

/**
 * Frees everything a loaded model allocated: geometries, materials, textures (and their decoded images),
 * skeletons. three.js keeps GPU buffers until `dispose()` is called; without this each model would leak.
 */
export function disposeObject(root: Object3D): { geometries: number; materials: number; textures: number } {
  const geometries = new Set<BufferGeometry>();
  const materials = new Set<Material>();
  const textures = new Set<Texture>();
  const skeletons = new Set<Skeleton>();
  root.traverse((object: Owner) => {
    if (object.geometry) geometries.add(object.geometry);
    for (const material of [object.material ?? []].flat()) {
      materials.add(material);
      texturesOf(material).forEach((texture) => textures.add(texture));
    }
    if (object.skeleton) skeletons.add(object.skeleton);
  });
  geometries.forEach((geometry) => geometry.dispose());
  materials.forEach((material) => material.dispose());
  textures.forEach((texture) => {
    texture.dispose();
    const image: unknown = texture.image;
    if (typeof ImageBitmap !== 'undefined' && image instanceof ImageBitmap) image.close();
  });
  skeletons.forEach((skeleton) => skeleton.dispose());
  root.removeFromParent();
  return { geometries: geometries.size, materials: materials.size, textures: textures.size };
}
