import type { Random } from '../../../../core/seeded-random.js';
import type { PlannedSubject, SketchPlan, Subject } from './sketch-prompt.js';

/** A picture being drawn: the plan, its seeded randomness, its colours and the SVG layers so far. */
export interface Canvas {
  plan: SketchPlan;
  random: Random;
  palette: string[];
  layers: string[];
}

export const subject = (plan: SketchPlan, kind: Subject) => plan.subjects.find((candidate) => candidate.kind === kind);

/** How many to draw: what the prompt said, several for plurals, otherwise one. */
export const howMany = (random: Random, planned: PlannedSubject, several: [number, number]) =>
  planned.count ?? (planned.plural ? random.int(...several) : 1);

/** A subject the scene implies though the prompt did not name it (the sun of a sunny day). */
export const implicit = (kind: Subject, plural = false): PlannedSubject => ({
  kind,
  count: undefined,
  plural,
  colour: undefined,
  scale: 1,
});
