import { z } from 'zod';
import { HYPER3D_LIGHT_KINDS, HYPER3D_LIMITS as L, HYPER3D_MODEL_FORMATS, HYPER3D_SHAPES } from './hyper3d-constants.js';

export * from './hyper3d-constants.js';

/**
 * A Hyper 3D editor scene as plain data: the outline (each node names its parent, siblings in list
 * order), transforms, materials, lights and cameras, and the files embedded models and textures come
 * from (named here, their bytes sent beside the JSON). The browser keeps it, the server stores it.
 */
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'An id is 1 to 64 letters, digits, _ or -.' });
const coordinate = z.number().min(-L.extent).max(L.extent);
const vec3 = z.tuple([coordinate, coordinate, coordinate]);
const scale = z.number().min(L.scaleMin).max(L.scaleMax);
const unit = z.number().min(0).max(1);
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'A colour is written #rrggbb.' });

export const hyper3dMaterialSchema = z.object({
  color: colour,
  metalness: unit,
  roughness: unit,
  opacity: unit,
  emissive: colour,
  emissiveIntensity: z.number().min(0).max(100),
  /** A texture image: one of the scene's files. */
  map: id.nullable(),
});

const base = {
  id,
  name: z.string().trim().min(1).max(L.nodeName),
  /** The node it hangs under; null at the top of the scene. */
  parent: id.nullable(),
  visible: z.boolean(),
  /** Locked nodes cannot be picked in the view, moved, changed or removed until unlocked. */
  locked: z.boolean(),
  position: vec3,
  /** Euler angles in radians, XYZ order (three.js's default). */
  rotation: vec3,
  scale: z.tuple([scale, scale, scale]),
};

export const hyper3dLightSchema = z.object({
  kind: z.enum(HYPER3D_LIGHT_KINDS),
  color: colour,
  intensity: z.number().min(0).max(L.intensityMax),
  castShadow: z.boolean(),
  /** Point and spot lights: how far they reach (0: no limit). */
  distance: z.number().min(0).max(L.extent),
  /** Spot lights: the cone's half angle (radians) and its soft edge (0–1). */
  angle: z
    .number()
    .min(0.01)
    .max(Math.PI / 2),
  penumbra: unit,
});

export const hyper3dCameraSchema = z
  .object({ fov: z.number().min(1).max(179), near: z.number().min(0.001).max(1000), far: z.number().min(0.01).max(1_000_000) })
  .refine((camera) => camera.near < camera.far, { error: 'A camera sees from near to far: near must be less than far.' });

export const hyper3dNodeSchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('group') }),
  z.object({ ...base, type: z.literal('figure'), shape: z.enum(HYPER3D_SHAPES), material: hyper3dMaterialSchema }),
  z.object({ ...base, type: z.literal('light'), light: hyper3dLightSchema }),
  z.object({ ...base, type: z.literal('camera'), camera: hyper3dCameraSchema }),
  z.object({
    ...base,
    type: z.literal('model'),
    /** The imported model's files as they were opened, the model file first (then its .bin, .mtl, textures). */
    model: z.object({ format: z.enum(HYPER3D_MODEL_FORMATS), files: z.array(id).min(1).max(16) }),
  }),
]);

export const hyper3dFileSchema = z.object({
  id,
  name: z
    .string()
    .min(1)
    .max(L.fileName)
    .refine((name) => !/[/\\]/.test(name) && ![...name].some((c) => c.charCodeAt(0) < 32), {
      error: 'A file name has no slashes or control characters.',
    }),
  size: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
});

const documentShape = z.object({
  app: z.literal('hyper3d'),
  kind: z.literal('scene'),
  version: z.literal(1),
  nodes: z.array(hyper3dNodeSchema).max(L.nodes, { error: `A scene holds at most ${L.nodes} objects.` }),
  files: z.array(hyper3dFileSchema).max(L.files, { error: `A scene holds at most ${L.files} files.` }),
});

export type Hyper3dMaterial = z.infer<typeof hyper3dMaterialSchema>;
export type Hyper3dLight = z.infer<typeof hyper3dLightSchema>;
export type Hyper3dCamera = z.infer<typeof hyper3dCameraSchema>;
export type Hyper3dNode = z.infer<typeof hyper3dNodeSchema>;
export type Hyper3dFile = z.infer<typeof hyper3dFileSchema>;
export type Hyper3dDocument = z.infer<typeof documentShape>;

/** The files a node uses: a model's files, a figure's texture. */
export function filesOfNode(node: Hyper3dNode): string[] {
  if (node.type === 'model') return node.model.files;
  if (node.type === 'figure' && node.material.map) return [node.material.map];
  return [];
}

/** What makes a document inconsistent, or null: ids, parents (no loops) and file references. */
export function documentProblem(document: Pick<Hyper3dDocument, 'nodes' | 'files'>): string | null {
  const nodes = new Map(document.nodes.map((node) => [node.id, node]));
  if (nodes.size !== document.nodes.length) return 'Two objects have the same id.';
  const files = new Set(document.files.map((file) => file.id));
  if (files.size !== document.files.length) return 'Two files have the same id.';
  const used = new Set<string>();
  for (const node of document.nodes) {
    const seen = new Set([node.id]);
    for (let parent = node.parent; parent !== null; parent = nodes.get(parent)?.parent ?? null) {
      if (!nodes.has(parent)) return `"${node.name}" hangs under an object that is not in the scene.`;
      if (seen.has(parent)) return `"${node.name}" hangs under itself.`;
      seen.add(parent);
    }
    for (const file of filesOfNode(node)) {
      if (!files.has(file)) return `"${node.name}" uses a file that is not in the scene.`;
      used.add(file);
    }
  }
  const unused = document.files.find((file) => !used.has(file.id));
  return unused ? `The file "${unused.name}" is not used by any object.` : null;
}

/** A whole scene, checked for consistency: what a save sends under `scene` and what a browser keeps. */
export const hyper3dDocumentSchema = documentShape.superRefine((document, context) => {
  const problem = documentProblem(document);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

const summaryShape = {
  id: z.string(),
  name: z.string(),
  /** Bytes the scene takes: its JSON and its files. */
  size: z.number().int(),
  /** Objects in its outline. */
  nodes: z.number().int(),
  shared: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** `GET /api/hyper3d/scenes/`: the caller's scenes, the most recently saved first. */
export const hyper3dSceneSummarySchema = z.object(summaryShape);
export type Hyper3dSceneSummary = z.infer<typeof hyper3dSceneSummarySchema>;
export const hyper3dSceneListSchema = z.object({
  results: z.array(hyper3dSceneSummarySchema),
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type Hyper3dSceneList = z.infer<typeof hyper3dSceneListSchema>;

export const hyper3dSceneListQuerySchema = z.object({
  cursor: z.string().max(100).optional(),
  limit: z.coerce
    .number({ error: 'The limit is a whole number.' })
    .int({ error: 'The limit is a whole number.' })
    .min(1, { error: `The limit is from 1 to ${L.pageMax}.` })
    .max(L.pageMax, { error: `The limit is from 1 to ${L.pageMax}.` })
    .default(L.pageDefault),
});

/** `GET|POST|PUT /api/hyper3d/scenes/{id}/`: one scene with its JSON; its files at `…/files/{file id}/`. */
export const hyper3dSceneSchema = z.object({
  ...summaryShape,
  scene: documentShape,
  /** The read-only link, while the scene is shared. */
  share_url: z.string().nullable(),
});
export type Hyper3dScene = z.infer<typeof hyper3dSceneSchema>;

/** `GET /api/hyper3d/shared/{token}/`: a shared scene, read-only; its files at `…/files/{file id}/`. */
export const hyper3dSharedSceneSchema = z.object({ name: z.string(), scene: documentShape, updated_at: z.string() });
export type Hyper3dSharedScene = z.infer<typeof hyper3dSharedSceneSchema>;

/** `POST /api/hyper3d/scenes/{id}/share/`: the link anyone may open. */
export const hyper3dShareSchema = z.object({ url: z.string() });
export type Hyper3dShare = z.infer<typeof hyper3dShareSchema>;

/** The name a save gives its scene (the multipart field `name`). */
export const hyper3dSceneNameSchema = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, { error: 'The scene needs a name.' })
  .max(L.sceneName, { error: `A scene name has at most ${L.sceneName} characters.` });
