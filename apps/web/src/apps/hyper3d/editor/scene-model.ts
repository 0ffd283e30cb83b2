import {
  filesOfNode,
  type Hyper3dCamera,
  type Hyper3dDocument,
  type Hyper3dFile,
  type Hyper3dLight,
  type Hyper3dLightKind,
  type Hyper3dMaterial,
  type Hyper3dModelFormat,
  type Hyper3dNode,
  type Hyper3dShape,
} from '@portal/contracts';

/**
 * The editor's scene as plain data (the contract's scene document) and the pure changes the editor
 * makes to it. Every change returns a new document and leaves the old one as it was, so that the
 * history keeps each step by reference. No WebGL here.
 */
export type SceneDoc = Hyper3dDocument;
export type SceneNode = Hyper3dNode;
export type Vec3 = [number, number, number];
export type NodeOf<T extends SceneNode['type']> = Extract<SceneNode, { type: T }>;

export const SHAPE_LABELS: Record<Hyper3dShape, string> = {
  cube: 'Cube',
  sphere: 'Sphere',
  torus: 'Torus',
  cone: 'Cone',
  cylinder: 'Cylinder',
  torusKnot: 'Torus knot',
  icosahedron: 'Icosahedron',
  plane: 'Plane',
};
export const LIGHT_LABELS: Record<Hyper3dLightKind, string> = {
  ambient: 'Ambient light',
  directional: 'Directional light',
  point: 'Point light',
  spot: 'Spot light',
};
export const TYPE_LABELS: Record<SceneNode['type'], string> = {
  group: 'Group',
  figure: 'Figure',
  light: 'Light',
  camera: 'Camera',
  model: 'Model',
};

/** Half the height of each shape at scale 1, so that a new figure rests on the ground. */
const RESTING: Record<Hyper3dShape, number> = {
  cube: 0.5,
  sphere: 0.6,
  torus: 0.7,
  cone: 0.6,
  cylinder: 0.6,
  torusKnot: 0.8,
  icosahedron: 0.65,
  plane: 0,
};
const PALETTE = ['#1e88e5', '#43a047', '#fb8c00', '#8e24aa', '#00897b', '#fdd835', '#6d4c41', '#3949ab'];

export const emptyDoc = (): SceneDoc => ({ app: 'hyper3d', kind: 'scene', version: 1, nodes: [], files: [] });

const round = (value: number) => Math.round(value * 1000) / 1000 || 0;

/**
 * Euler angles (XYZ) that turn an object's -Z axis, the way glTF lights and cameras look, from
 * `from` towards `to`. With no roll: Ry then Rx, so -Z becomes (-sin y, cos y sin x, -cos y cos x).
 */
export function aimAt(from: Vec3, to: Vec3): Vec3 {
  const d = to.map((value, i) => value - from[i]!) as Vec3;
  const length = Math.hypot(...d) || 1;
  const [dx, dy, dz] = d.map((value) => value / length) as Vec3;
  const y = Math.asin(Math.max(-1, Math.min(1, -dx)));
  const x = Math.atan2(dy, -dz);
  return [round(x), round(y), 0];
}

/** "Cube", then "Cube 2", "Cube 3" … so that every object has its own name in the outline. */
export function uniqueName(doc: SceneDoc, base: string): string {
  const names = new Set(doc.nodes.map((node) => node.name));
  const trimmed = base.trim().slice(0, 50) || 'Object';
  if (!names.has(trimmed)) return trimmed;
  let n = 2;
  while (names.has(`${trimmed} ${n}`)) n++;
  return `${trimmed} ${n}`;
}

const place = (position: Vec3 = [0, 0, 0], rotation: Vec3 = [0, 0, 0], scale: Vec3 = [1, 1, 1]) => ({
  parent: null,
  visible: true,
  locked: false,
  position,
  rotation,
  scale,
});

export const defaultMaterial = (color: string): Hyper3dMaterial => ({
  color,
  metalness: 0,
  roughness: 0.5,
  opacity: 1,
  emissive: '#000000',
  emissiveIntensity: 1,
  map: null,
});

/** Where a new figure stands: the first free spot on a ring around the middle. */
function freeSpot(doc: SceneDoc): [number, number] {
  // Figures, models and groups take room on the ground; lights, cameras and a floor do not.
  const taken = doc.nodes
    .filter(
      (node) =>
        node.parent === null &&
        (node.type === 'model' || node.type === 'group' || (node.type === 'figure' && node.shape !== 'plane')),
    )
    .map((node) => node.position);
  for (let ring = 0; ring < 6; ring++) {
    const count = ring === 0 ? 1 : ring * 6;
    for (let i = 0; i < count; i++) {
      const angle = (i / count) * Math.PI * 2;
      const spot: [number, number] = [round(Math.sin(angle) * ring * 1.6), round(Math.cos(angle) * ring * 1.6)];
      if (!taken.some(([x, , z]) => Math.abs(x - spot[0]) < 0.8 && Math.abs(z - spot[1]) < 0.8)) return spot;
    }
  }
  return [0, 0];
}

export function newFigure(doc: SceneDoc, shape: Hyper3dShape, id: string): NodeOf<'figure'> {
  const [x, z] = freeSpot(doc);
  const figures = doc.nodes.filter((node) => node.type === 'figure').length;
  return {
    id,
    type: 'figure',
    name: uniqueName(doc, SHAPE_LABELS[shape]),
    ...place([x, RESTING[shape], z]),
    shape,
    material: defaultMaterial(PALETTE[figures % PALETTE.length]!),
  };
}

export const DEFAULT_LIGHTS: Record<Hyper3dLightKind, { position: Vec3; intensity: number; castShadow: boolean }> = {
  ambient: { position: [0, 3, 0], intensity: 0.4, castShadow: false },
  directional: { position: [4, 8, 5], intensity: 2.5, castShadow: true },
  point: { position: [1.5, 2.5, 1.5], intensity: 12, castShadow: true },
  spot: { position: [-3, 5, 3], intensity: 40, castShadow: true },
};

export function newLight(doc: SceneDoc, kind: Hyper3dLightKind, id: string): NodeOf<'light'> {
  const { position, intensity, castShadow } = DEFAULT_LIGHTS[kind];
  const light: Hyper3dLight = { kind, color: '#ffffff', intensity, castShadow, distance: 0, angle: Math.PI / 6, penumbra: 0.3 };
  return { id, type: 'light', name: uniqueName(doc, LIGHT_LABELS[kind]), ...place(position, aimAt(position, [0, 0, 0])), light };
}

export const DEFAULT_CAMERA: Hyper3dCamera = { fov: 50, near: 0.1, far: 200 };

export function newCamera(doc: SceneDoc, id: string): NodeOf<'camera'> {
  const position: Vec3 = [0, 2, 7];
  return {
    id,
    type: 'camera',
    name: uniqueName(doc, 'Camera'),
    ...place(position, aimAt(position, [0, 0.8, 0])),
    camera: DEFAULT_CAMERA,
  };
}

export function newGroup(doc: SceneDoc, id: string): NodeOf<'group'> {
  return { id, type: 'group', name: uniqueName(doc, 'Group'), ...place() };
}

/** STL and PLY come from CAD tools and scanners, which stand models on the XY plane: turned upright. */
export function newModel(doc: SceneDoc, id: string, name: string, format: Hyper3dModelFormat, files: string[]): NodeOf<'model'> {
  const upright: Vec3 = format === 'stl' || format === 'ply' ? [round(-Math.PI / 2), 0, 0] : [0, 0, 0];
  const [x, z] = freeSpot(doc);
  return { id, type: 'model', name: uniqueName(doc, name), ...place([x, 0, z], upright), model: { format, files } };
}

/** The scene a new editor opens with: a floor, a sun, soft fill light, a camera and a cube. */
export function starterDoc(): SceneDoc {
  let doc = emptyDoc();
  const floor: SceneNode = {
    ...newFigure(doc, 'plane', 'floor'),
    name: 'Floor',
    position: [0, 0, 0],
    scale: [12, 1, 12],
    material: { ...defaultMaterial('#b0bec5'), roughness: 0.9 },
  };
  doc = addNodes(doc, [floor]);
  doc = addNodes(doc, [{ ...newLight(doc, 'directional', 'sun'), name: 'Sun' }]);
  doc = addNodes(doc, [{ ...newLight(doc, 'ambient', 'fill'), name: 'Fill light' }]);
  doc = addNodes(doc, [newCamera(doc, 'camera')]);
  return addNodes(doc, [newFigure(doc, 'cube', 'cube')]);
}

// The outline: each node names its parent; siblings keep the order of the list.

export const nodeById = (doc: SceneDoc, id: string | null) =>
  id === null ? undefined : doc.nodes.find((node) => node.id === id);
export const childrenOf = (doc: SceneDoc, parent: string | null) => doc.nodes.filter((node) => node.parent === parent);

/** The node's parent, its parent's parent … up to the top. */
export function ancestorsOf(doc: SceneDoc, id: string): string[] {
  const ancestors: string[] = [];
  for (let node = nodeById(doc, id); node?.parent; node = nodeById(doc, node.parent)) ancestors.push(node.parent);
  return ancestors;
}

/** The node and everything under it. */
export function subtreeOf(doc: SceneDoc, id: string): Set<string> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of doc.nodes) {
      if (node.parent !== null && ids.has(node.parent) && !ids.has(node.id)) {
        ids.add(node.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** Whether the node is drawn: it and all its parents are shown. */
export const isShown = (doc: SceneDoc, id: string) =>
  [id, ...ancestorsOf(doc, id)].every((nodeId) => nodeById(doc, nodeId)?.visible !== false);

/** A node may hang under another that is not itself or under it. */
export const canMoveUnder = (doc: SceneDoc, id: string, parent: string | null) =>
  parent === null || (nodeById(doc, parent) !== undefined && !subtreeOf(doc, id).has(parent));

/** Files no node uses any longer are dropped with the last node that used them. */
function keepUsedFiles(doc: SceneDoc): SceneDoc {
  const used = new Set(doc.nodes.flatMap(filesOfNode));
  const files = doc.files.filter((file) => used.has(file.id));
  return files.length === doc.files.length ? doc : { ...doc, files };
}

export function addNodes(doc: SceneDoc, nodes: SceneNode[], files: Hyper3dFile[] = []): SceneDoc {
  const known = new Set(doc.files.map((file) => file.id));
  return { ...doc, nodes: [...doc.nodes, ...nodes], files: [...doc.files, ...files.filter((file) => !known.has(file.id))] };
}

/** Removes the node and everything under it. */
export function removeNode(doc: SceneDoc, id: string): SceneDoc {
  const gone = subtreeOf(doc, id);
  return keepUsedFiles({ ...doc, nodes: doc.nodes.filter((node) => !gone.has(node.id)) });
}

export function updateNode<T extends SceneNode>(doc: SceneDoc, id: string, change: (node: T) => T): SceneDoc {
  let changed = false;
  const nodes = doc.nodes.map((node) => {
    if (node.id !== id) return node;
    const next = change(node as T);
    changed = next !== node;
    return next;
  });
  return changed ? keepUsedFiles({ ...doc, nodes }) : doc;
}

/**
 * Hangs the node (with everything under it) under `parent` (null: the top), before the sibling
 * `before`, or last among its new siblings. Its own transform is kept, as the three.js editor does.
 */
export function moveNode(doc: SceneDoc, id: string, parent: string | null, before: string | null = null): SceneDoc {
  const node = nodeById(doc, id);
  if (!node || before === id || !canMoveUnder(doc, id, parent)) return doc;
  const rest = doc.nodes.filter((other) => other.id !== id);
  const moved = { ...node, parent };
  const anchor = before === null ? -1 : rest.findIndex((other) => other.id === before && other.parent === parent);
  let at = anchor;
  if (at < 0) {
    // Last among the new siblings: after the last node of the new parent's subtree, else at the end.
    const siblings = rest.filter((other) => other.parent === parent);
    const last = siblings.at(-1);
    at = last ? rest.indexOf(last) + 1 : rest.length;
  }
  const nodes = [...rest.slice(0, at), moved, ...rest.slice(at)];
  const same = nodes.every((other, i) => other.id === doc.nodes[i]!.id) && node.parent === parent;
  return same ? doc : { ...doc, nodes };
}

/** The scene with its files under other ids (a copy of someone else's scene gets ids of its own). */
export function remapFiles(doc: SceneDoc, ids: ReadonlyMap<string, string>): SceneDoc {
  const to = (id: string) => ids.get(id) ?? id;
  return {
    ...doc,
    files: doc.files.map((file) => ({ ...file, id: to(file.id) })),
    nodes: doc.nodes.map((node) => {
      if (node.type === 'model') return { ...node, model: { ...node.model, files: node.model.files.map(to) } };
      if (node.type === 'figure' && node.material.map)
        return { ...node, material: { ...node.material, map: to(node.material.map) } };
      return node;
    }),
  };
}
