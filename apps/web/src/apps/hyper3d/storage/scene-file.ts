import { z } from 'zod';
import { MAX_ANIMATED_FIGURES, MAX_KEYS, type AnimatedFigure } from '../animate/animate-model';
import { DURATION } from '../animate/keyframes';
import { FIGURE_KINDS, MATERIAL_KINDS, MAX_FIGURES, MAX_SIZE, MIN_SIZE, type Figure } from '../figures/figure-model';

/**
 * The studio scene and the animation as files: what "Export JSON" writes, "Import JSON" reads and the
 * browser's IndexedDB keeps between visits. Each file says what it is, so that one is never read as the other.
 */
const finite = z.number().finite();
const coordinate = finite.min(-1000).max(1000);
const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'a colour must be written #rrggbb')
  .transform((value) => value.toLowerCase());
const name = z.string().trim().min(1).max(60);
const vec3 = z.tuple([coordinate, coordinate, coordinate]);

export const figureSchema = z.object({
  id: z.string().min(1).max(64),
  kind: z.enum(FIGURE_KINDS),
  name,
  color: colour,
  material: z.enum(MATERIAL_KINDS),
  size: finite.min(MIN_SIZE).max(MAX_SIZE),
  x: coordinate,
  z: coordinate,
}) satisfies z.ZodType<Figure>;

const keySchema = z.object({
  time: finite.min(0).max(DURATION),
  position: vec3,
  rotation: vec3,
  scale: z.tuple([finite.min(0.05).max(20), finite.min(0.05).max(20), finite.min(0.05).max(20)]),
  colour,
});

export const animatedFigureSchema = z.object({
  id: z.string().min(1).max(64),
  kind: z.enum(FIGURE_KINDS),
  name,
  keys: z
    .array(keySchema)
    .min(1, 'a figure needs at least one keyframe')
    .max(MAX_KEYS)
    .transform((keys) => [...keys].sort((a, b) => a.time - b.time)),
}) satisfies z.ZodType<AnimatedFigure, unknown>;

const uniqueIds = <T extends { id: string }>(items: T[]) => new Set(items.map((item) => item.id)).size === items.length;

export const SCENE_FILES = {
  studio: z.object({
    app: z.literal('hyper3d'),
    kind: z.literal('studio'),
    version: z.literal(1),
    figures: z.array(figureSchema).max(MAX_FIGURES).refine(uniqueIds, 'two figures have the same id'),
  }),
  animation: z.object({
    app: z.literal('hyper3d'),
    kind: z.literal('animation'),
    version: z.literal(1),
    figures: z.array(animatedFigureSchema).max(MAX_ANIMATED_FIGURES).refine(uniqueIds, 'two figures have the same id'),
  }),
};
export type SceneKind = keyof typeof SCENE_FILES;
export type SceneFile<K extends SceneKind> = z.output<(typeof SCENE_FILES)[K]>;
type FiguresOf<K extends SceneKind> = SceneFile<K>['figures'];

const KIND_LABELS: Record<SceneKind, string> = { studio: 'Hyper 3D studio scene', animation: 'Hyper 3D animation' };

export function serializeScene<K extends SceneKind>(kind: K, figures: FiguresOf<K>): string {
  return JSON.stringify({ app: 'hyper3d', kind, version: 1, figures }, null, 2);
}

/** Reads a scene file; a file that is not one gives a message that says why, and nothing else. */
export function parseScene<K extends SceneKind>(
  kind: K,
  text: string,
  fileName = 'The file',
): { figures: FiguresOf<K> } | { error: string } {
  const what = `${fileName} is not a ${KIND_LABELS[kind]}`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: `${what}: it is not valid JSON.` };
  }
  if (
    json &&
    typeof json === 'object' &&
    'kind' in json &&
    typeof json.kind === 'string' &&
    json.kind !== kind &&
    json.kind in KIND_LABELS
  ) {
    return { error: `${what}: it is a ${KIND_LABELS[json.kind as SceneKind]}. Import it on its own page.` };
  }
  const result = SCENE_FILES[kind].safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length > 0 ? ` (at ${issue.path.join('.')})` : '';
    return { error: `${what}: ${issue.message}${where}.` };
  }
  return { figures: result.data.figures as FiguresOf<K> };
}
