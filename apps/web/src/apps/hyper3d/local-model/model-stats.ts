import type { BufferGeometry, Material, Object3D, Texture } from 'three';

export interface ModelStats {
  /** Objects of the model's scene graph: a glTF's nodes; the objects other formats make. */
  nodes: number;
  meshes: number;
  vertices: number;
  triangles: number;
  materials: number;
  textures: number;
}

type Drawable = Object3D & { geometry?: BufferGeometry; material?: Material | Material[]; count?: number };

/** Every texture a material uses (maps of any kind, found by their `isTexture` flag). */
export function texturesOf(material: Material): Texture[] {
  return Object.values(material).filter((value): value is Texture => Boolean(value && (value as Texture).isTexture));
}

/**
 * Counts what a model holds: its nodes (`nodes` when the file says, else every object under the root),
 * drawable meshes (and point clouds, lines), their vertices and triangles, distinct materials and textures.
 */
export function computeStats(root: Object3D, nodes?: number): ModelStats {
  const stats: ModelStats = { nodes: nodes ?? 0, meshes: 0, vertices: 0, triangles: 0, materials: 0, textures: 0 };
  const materials = new Set<Material>();
  const textures = new Set<Texture>();
  root.traverse((object: Drawable) => {
    if (nodes === undefined && object !== root) stats.nodes += 1;
    const isMesh = (object as { isMesh?: boolean }).isMesh === true;
    const drawable = isMesh || (object as { isPoints?: boolean }).isPoints || (object as { isLine?: boolean }).isLine;
    if (!drawable || !object.geometry) return;
    const instances = (object as { isInstancedMesh?: boolean }).isInstancedMesh ? (object.count ?? 1) : 1;
    const position = object.geometry.getAttribute('position');
    const vertices = position ? position.count : 0;
    stats.meshes += 1;
    stats.vertices += vertices * instances;
    if (isMesh) stats.triangles += Math.floor((object.geometry.index ? object.geometry.index.count : vertices) / 3) * instances;
    for (const material of [object.material ?? []].flat()) {
      materials.add(material);
      texturesOf(material).forEach((texture) => textures.add(texture));
    }
  });
  stats.materials = materials.size;
  stats.textures = textures.size;
  return stats;
}
