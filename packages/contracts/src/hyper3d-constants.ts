// Kept apart from hyper3d.ts, whose zod schemas cannot be tree-shaken: the editor's panels read these
// names and limits without bringing zod into the code that draws them.

/** The figures a scene may hold: three.js primitives, each about one unit across at scale 1. */
export const HYPER3D_SHAPES = ['cube', 'sphere', 'torus', 'cone', 'cylinder', 'torusKnot', 'icosahedron', 'plane'] as const;
export type Hyper3dShape = (typeof HYPER3D_SHAPES)[number];

export const HYPER3D_LIGHT_KINDS = ['ambient', 'directional', 'point', 'spot'] as const;
export type Hyper3dLightKind = (typeof HYPER3D_LIGHT_KINDS)[number];

/** The model formats a scene embeds (the file its model was imported from, kept as it was). */
export const HYPER3D_MODEL_FORMATS = ['gltf', 'glb', 'obj', 'stl', 'ply', 'fbx'] as const;
export type Hyper3dModelFormat = (typeof HYPER3D_MODEL_FORMATS)[number];

export const HYPER3D_NODE_TYPES = ['group', 'figure', 'light', 'camera', 'model'] as const;
export type Hyper3dNodeType = (typeof HYPER3D_NODE_TYPES)[number];

/** What one scene may hold. The bytes of its files are limited by HYPER3D_SCENE_LIMIT on the server. */
export const HYPER3D_LIMITS = {
  nodes: 500,
  files: 64,
  sceneName: 100,
  nodeName: 60,
  fileName: 200,
  /** The scene's JSON (the outline, transforms, materials, lights, cameras; no file bytes). */
  documentBytes: 1024 * 1024,
  /** A coordinate's magnitude. */
  extent: 100_000,
  scaleMin: 0.001,
  scaleMax: 1000,
  intensityMax: 1000,
  /** How many scenes one account keeps on the server. */
  scenesPerAccount: 100,
  /** The scenes list's page size: default and largest. */
  pageDefault: 20,
  pageMax: 100,
} as const;

/** The multipart field of a save that holds the scene's JSON; files travel under their ids. */
export const HYPER3D_SCENE_FIELD = 'scene';
export const HYPER3D_NAME_FIELD = 'name';
