/** Which of the files a person opened or dropped is the model, and which are its resources. Pure. */
export const MODEL_FORMATS = ['gltf', 'glb', 'fbx', 'obj', 'stl', 'ply'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];

export const FORMAT_LABELS: Record<ModelFormat, string> = {
  gltf: 'glTF',
  glb: 'glTF binary (GLB)',
  fbx: 'FBX',
  obj: 'OBJ',
  stl: 'STL',
  ply: 'PLY',
};

/** What the file picker offers: models and the files they refer to (buffers, materials, textures). */
export const ACCEPTED_FILES = '.gltf,.glb,.bin,.fbx,.obj,.mtl,.stl,.ply,.png,.jpg,.jpeg,.webp,.gif,.bmp,.tga';

interface Named {
  name: string;
}

export interface FileSet<F extends Named = File> {
  main: F;
  format: ModelFormat;
  /** Every opened file by its lower-case name, so that a model's relative references find them. */
  resources: Map<string, F>;
  /** The OBJ's material library, when one was opened with it. */
  mtl?: F;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

const baseName = (name: string) => name.replace(/\.[^.]*$/, '').toLowerCase();

export function pickModel<F extends Named>(files: F[]): FileSet<F> | { error: string } {
  if (files.length === 0) return { error: 'No file was opened.' };
  const main = MODEL_FORMATS.map((format) => files.find((file) => extensionOf(file.name) === format)).find(Boolean);
  if (!main) {
    const names = files.map((file) => `"${file.name}"`).join(', ');
    return {
      error: `${names} ${files.length === 1 ? 'is not a 3D model' : 'hold no 3D model'} this viewer can open. Open a .gltf (with its .bin and textures), .glb, .obj (with its .mtl), .stl, .ply or .fbx file.`,
    };
  }
  const format = extensionOf(main.name) as ModelFormat;
  const resources = new Map(files.map((file) => [file.name.toLowerCase(), file]));
  const set: FileSet<F> = { main, format, resources };
  if (format === 'obj') {
    const libraries = files.filter((file) => extensionOf(file.name) === 'mtl');
    const mtl = libraries.find((file) => baseName(file.name) === baseName(main.name)) ?? libraries[0];
    if (mtl) set.mtl = mtl;
  }
  return set;
}

/** The opened file a model refers to by `url` ("textures/wood%20grain.png?v=2" finds "wood grain.png"). */
export function resolveResource<F extends Named>(url: string, resources: Map<string, F>): F | undefined {
  const path = url.replace(/[?#].*$/, '').replace(/\\/g, '/');
  const name = path.slice(path.lastIndexOf('/') + 1);
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A stray "%" in a file name: keep it as written.
  }
  return resources.get(decoded.toLowerCase()) ?? resources.get(name.toLowerCase());
}
