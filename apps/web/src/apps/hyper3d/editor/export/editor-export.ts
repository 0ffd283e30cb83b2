import {
  AmbientLight,
  DirectionalLight,
  Group,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  PointLight,
  Scene,
  SpotLight,
  type AnimationClip,
  type Object3D,
  type Texture,
} from 'three';
import { figureGeometry } from '../../figures/figure-geometry';
import { disposeObject } from '../../local-model/dispose-object';
import type { LoadedModel } from '../../local-model/model-loaders';
import { exportGlb } from '../../storage/glb-export';
import { loadFileTexture } from '../file-texture';
import { loadModelFiles } from '../model-files';
import { childrenOf, type SceneDoc, type SceneNode } from '../scene-model';
import type { FileSource } from '../scene/file-source';

interface Built {
  models: LoadedModel[];
  textures: Texture[];
  clips: AnimationClip[];
}

/** A light as glTF has it: shining along its -Z axis (the target rides along without being a node of its own). */
function lightOf(node: Extract<SceneNode, { type: 'light' }>): Object3D {
  const { kind, color, intensity, distance, angle, penumbra } = node.light;
  if (kind === 'ambient') return new AmbientLight(color, intensity);
  const light =
    kind === 'directional'
      ? new DirectionalLight(color, intensity)
      : kind === 'point'
        ? new PointLight(color, intensity, distance, 2)
        : new SpotLight(color, intensity, distance, angle, penumbra, 2);
  if ('target' in light) {
    light.target.position.set(0, 0, -1);
    light.target.parent = light;
  }
  return light;
}

/** A model's own objects, under the node (the loader's wrappers left out, so that nodes are not doubled). */
function modelContent(loaded: LoadedModel): Object3D[] {
  const top = loaded.object.children[0];
  if (!top) return [];
  const bare =
    top.position.lengthSq() === 0 && top.quaternion.w === 1 && top.scale.x === 1 && top.scale.y === 1 && top.scale.z === 1;
  return bare && (top.type === 'Group' || top.type === 'Scene' || top.type === 'Object3D') ? [...top.children] : [top];
}

async function objectOf(node: SceneNode, files: FileSource, built: Built): Promise<Object3D> {
  let object: Object3D;
  if (node.type === 'figure') {
    const { color, metalness, roughness, opacity, emissive, emissiveIntensity, map } = node.material;
    const material = new MeshStandardMaterial({
      color,
      metalness,
      roughness,
      opacity,
      transparent: opacity < 1,
      emissive,
      emissiveIntensity,
    });
    const file = map ? await files(map) : undefined;
    if (file) {
      material.map = await loadFileTexture(file);
      built.textures.push(material.map);
    }
    object = new Mesh(figureGeometry(node.shape), material);
  } else if (node.type === 'light') object = lightOf(node);
  else if (node.type === 'camera') object = new PerspectiveCamera(node.camera.fov, 16 / 9, node.camera.near, node.camera.far);
  else if (node.type === 'model') {
    const loaded = await loadModelFiles(node.model.files, files);
    built.models.push(loaded);
    if (node.model.format === 'glb' || node.model.format === 'gltf') built.clips.push(...loaded.clips);
    object = new Group();
    object.add(...modelContent(loaded));
  } else object = new Group();
  object.name = node.name;
  object.position.set(...node.position);
  object.rotation.set(...node.rotation);
  object.scale.set(...node.scale);
  object.visible = node.visible;
  return object;
}

async function buildTree(doc: SceneDoc, parent: string | null, into: Object3D, files: FileSource, built: Built): Promise<void> {
  for (const node of childrenOf(doc, parent)) {
    const object = await objectOf(node, files, built);
    into.add(object);
    await buildTree(doc, node.id, object, files, built);
  }
}

/** How many nodes a binary glTF holds (from its JSON chunk). */
export function glbNodeCount(bytes: ArrayBuffer): number {
  const view = new DataView(bytes);
  const length = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(new Uint8Array(bytes, 20, length))) as { nodes?: unknown[] };
  return json.nodes?.length ?? 0;
}

/**
 * The scene as a binary glTF: its shown objects with their transforms, materials and textures, lights
 * (ambient ones as plain nodes: glTF has none), cameras and models with their glTF clips. Helpers, the
 * grid and the selection are the editor's and never part of it.
 */
export async function exportScene(doc: SceneDoc, files: FileSource): Promise<{ blob: Blob; nodes: number }> {
  const root = new Scene();
  const built: Built = { models: [], textures: [], clips: [] };
  try {
    await buildTree(doc, null, root, files, built);
    const blob = await exportGlb(root, built.clips);
    return { blob, nodes: glbNodeCount(await blob.arrayBuffer()) };
  } finally {
    built.textures.forEach((texture) => texture.dispose());
    disposeObject(root);
    built.models.forEach((model) => model.release());
  }
}
