import {
  type BufferGeometry,
  Group,
  LoadingManager,
  Mesh,
  Points,
  PointsMaterial,
  type AnimationClip,
  type Object3D,
} from 'three';
import { disposeObject } from './dispose-object';
import { FORMAT_LABELS, resolveResource, type FileSet } from './file-set';
import { defaultMaterial, defaultUpAxis, prepareMeshes, type UpAxis } from './model-setup';

export interface LoadedModel {
  name: string;
  object: Object3D;
  clips: AnimationClip[];
  /** The nodes of a glTF's scene graph as the file has them (the loader adds objects of its own); undefined for other formats. */
  nodes: number | undefined;
  /** The up axis files of this format usually have; the viewer starts with it. */
  upAxis: UpAxis;
  /** Files the model refers to that were not opened with it (textures it will show without). */
  missing: string[];
  /** Frees the GPU resources and the blob: URLs of the model. */
  release: () => void;
}

export type ProgressListener = (fraction: number | null, label: string) => void;

/** Reads a file with progress (large models take a moment even from disk). */
function readFile(file: Blob, as: 'buffer' | 'text', onProgress: (fraction: number) => void): Promise<ArrayBuffer | string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.onload = () => resolve(reader.result as ArrayBuffer | string);
    if (as === 'text') reader.readAsText(file);
    else reader.readAsArrayBuffer(file);
  });
}

/** A mesh for formats that carry geometry only (STL, PLY): vertex colours when present, points when faceless. */
function meshOf(geometry: BufferGeometry, name: string, points = false): Object3D {
  const coloured = geometry.hasAttribute('color');
  if (points) {
    geometry.computeBoundingSphere();
    const size = (geometry.boundingSphere?.radius ?? 1) / 200;
    return new Points(geometry, new PointsMaterial({ size, vertexColors: coloured, color: coloured ? 0xffffff : 0xb8c4cc }));
  }
  const mesh = new Mesh(geometry, defaultMaterial(coloured));
  mesh.name = name;
  return mesh;
}

/** Explains a loader's failure in words a person can act on. */
export function describeLoadError(error: unknown, set: Pick<FileSet, 'main' | 'format'>): string {
  const message = error instanceof Error ? error.message : String(error);
  const what = `"${set.main.name}" could not be opened as ${FORMAT_LABELS[set.format]}`;
  if (/draco/i.test(message)) return `${what}: it uses Draco mesh compression, which this viewer does not support.`;
  if (/meshopt|KHR_texture_basisu|KTX2/i.test(message)) return `${what}: it uses a compression this viewer does not support.`;
  const absent = /Failed to load buffer "?([^"]+)"?/.exec(message)?.[1];
  if (absent)
    return `${what}: it needs "${absent}", which was not opened with it. Open the model together with its .bin and texture files.`;
  if (/Failed to fetch|fetch for/i.test(message)) {
    return `${what}: a file it refers to is missing. Open the model together with its .bin and texture files.`;
  }
  return `${what}: the file looks damaged or is not in that format (${message.replace(/^THREE\.\w+: /, '')}).`;
}

/** Loads the model of a file set; each format's loader is fetched the first time it is needed. */
export async function loadModel(set: FileSet, onProgress: ProgressListener): Promise<LoadedModel> {
  const urls: string[] = [];
  const missing: string[] = [];
  const manager = new LoadingManager();
  manager.setURLModifier((url) => {
    if (/^(blob|data):/.test(url)) return url;
    const file = resolveResource(url, set.resources);
    if (!file) {
      // Never ask the server for it: an empty file makes the loader go on without that texture.
      missing.push(url);
      const empty = URL.createObjectURL(new Blob([]));
      urls.push(empty);
      return empty;
    }
    const objectUrl = URL.createObjectURL(file);
    urls.push(objectUrl);
    return objectUrl;
  });
  manager.onProgress = (_url, loaded, total) =>
    onProgress(total ? loaded / total : null, `Loading resources (${loaded} of ${total})`);
  const revoke = () => urls.splice(0).forEach((url) => URL.revokeObjectURL(url));

  const label = `Reading ${set.main.name}`;
  const read = (file: Blob, as: 'buffer' | 'text') => readFile(file, as, (fraction) => onProgress(fraction, label));
  let object: Object3D | undefined;
  let clips: AnimationClip[] = [];
  let nodes: number | undefined;
  try {
    const name = set.main.name;
    if (set.format === 'gltf' || set.format === 'glb') {
      const data = await read(set.main, set.format === 'glb' ? 'buffer' : 'text');
      if (typeof data === 'string') checkGltfReferences(data, set);
      onProgress(null, 'Loading the glTF loader');
      const { GLTFLoader } = await import('three/examples/jsm/loaders/GLTFLoader.js');
      onProgress(null, `Building ${name}`);
      const gltf = await new GLTFLoader(manager).parseAsync(data, '');
      object = gltf.scene;
      clips = gltf.animations;
      nodes = (gltf.parser.json as { nodes?: unknown[] }).nodes?.length ?? 0;
    } else if (set.format === 'obj') {
      const [text, mtlText] = await Promise.all([read(set.main, 'text'), set.mtl ? read(set.mtl, 'text') : undefined]);
      onProgress(null, 'Loading the OBJ loader');
      const { OBJLoader } = await import('three/examples/jsm/loaders/OBJLoader.js');
      const loader = new OBJLoader(manager);
      if (typeof mtlText === 'string') {
        const { MTLLoader } = await import('three/examples/jsm/loaders/MTLLoader.js');
        const materials = new MTLLoader(manager).parse(mtlText, '');
        materials.preload();
        loader.setMaterials(materials);
      }
      object = loader.parse(text as string);
    } else if (set.format === 'fbx') {
      const data = (await read(set.main, 'buffer')) as ArrayBuffer;
      onProgress(null, 'Loading the FBX loader');
      const { FBXLoader } = await import('three/examples/jsm/loaders/FBXLoader.js');
      object = new FBXLoader(manager).parse(data, '');
      clips = object.animations;
    } else if (set.format === 'stl') {
      const data = (await read(set.main, 'buffer')) as ArrayBuffer;
      const { STLLoader } = await import('three/examples/jsm/loaders/STLLoader.js');
      object = meshOf(new STLLoader(manager).parse(data), name);
    } else {
      const data = (await read(set.main, 'buffer')) as ArrayBuffer;
      const { PLYLoader } = await import('three/examples/jsm/loaders/PLYLoader.js');
      const geometry = new PLYLoader(manager).parse(data);
      // PLYLoader indexes the faces it reads: no index means a point cloud.
      object = meshOf(geometry, name, !geometry.index);
    }
    if (!hasGeometry(object)) throw new Error('it holds no geometry to show');
    prepareMeshes(object);
  } catch (error) {
    if (object) disposeObject(object);
    revoke();
    throw new Error(describeLoadError(error, set), { cause: error });
  }
  // A root of our own, so that turning the model upright never fights a transform the file set.
  const root = new Group().add(object);
  root.name = set.main.name;
  let released = false;
  return {
    name: set.main.name,
    object: root,
    clips,
    nodes,
    upAxis: defaultUpAxis(set.format),
    missing,
    release: () => {
      if (released) return;
      released = true;
      disposeObject(root);
      revoke();
    },
  };
}

function hasGeometry(object: Object3D): boolean {
  let found = false;
  object.traverse((child) => {
    const geometry = (child as { geometry?: BufferGeometry }).geometry;
    if (geometry?.getAttribute('position')?.count) found = true;
  });
  return found;
}

/** A .gltf names its buffers and images: say which are missing before the loader fails on them. */
export function checkGltfReferences(text: string, set: Pick<FileSet, 'resources'>): void {
  let json: { buffers?: { uri?: string }[] };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    throw new Error('it is not valid JSON');
  }
  const absent = (json.buffers ?? [])
    .map((buffer) => buffer.uri)
    .filter((uri): uri is string => Boolean(uri) && !/^(data|blob):/.test(uri!) && !resolveResource(uri!, set.resources));
  if (absent.length > 0) throw new Error(`Failed to load buffer "${absent.join(', ')}"`);
}
