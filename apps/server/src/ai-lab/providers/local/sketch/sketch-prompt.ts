import { hashText } from '../../../../core/seeded-random.js';

/** `{ value: 'word word …' }` as a lookup from each word to its value. */
function wordTable<T extends string | number>(groups: Record<string, string>, value: (key: string) => T): Record<string, T> {
  return Object.fromEntries(
    Object.entries(groups).flatMap(([key, words]) => words.split(/\s+/).map((word) => [word, value(key)] as const)),
  );
}

/** Colour words the sketcher knows, with the shade it paints. */
export const COLOUR_WORDS = wordTable(
  {
    '#e53935': 'red',
    '#c62828': 'crimson',
    '#e8281e': 'scarlet',
    '#fb8c00': 'orange',
    '#ffb300': 'amber',
    '#fdd835': 'yellow',
    '#f9a825': 'gold golden',
    '#43a047': 'green',
    '#9ccc65': 'lime',
    '#827717': 'olive',
    '#2e9d5b': 'emerald',
    '#00897b': 'teal',
    '#26c6da': 'turquoise',
    '#00bcd4': 'cyan',
    '#1e63d6': 'blue',
    '#1a237e': 'navy',
    '#2f8ae0': 'azure',
    '#8e24aa': 'purple',
    '#7e57c2': 'violet',
    '#b39ddb': 'lavender',
    '#3949ab': 'indigo',
    '#f06292': 'pink',
    '#d81b60': 'magenta',
    '#ec407a': 'rose',
    '#795548': 'brown',
    '#5d4037': 'chocolate',
    '#1b1b1f': 'black',
    '#fafafa': 'white',
    '#9e9e9e': 'grey gray',
    '#bdbdbd': 'silver',
    '#e6d3b3': 'beige',
    '#fff3d6': 'cream',
    '#ff7f50': 'coral',
    '#ffb38a': 'peach',
    '#98e5c0': 'mint',
  },
  (hex) => hex,
);

export const SUBJECTS = [
  'sun',
  'moon',
  'star',
  'cloud',
  'mountain',
  'tree',
  'house',
  'city',
  'water',
  'flower',
  'heart',
  'circle',
  'square',
  'triangle',
  'spiral',
  'rain',
  'snow',
  'rainbow',
  'bird',
  'fish',
] as const;
export type Subject = (typeof SUBJECTS)[number];

const SUBJECT_WORDS = wordTable<Subject>(
  {
    sun: 'sun suns',
    moon: 'moon moons',
    star: 'star stars',
    cloud: 'cloud clouds cloudy',
    mountain: 'mountain mountains hill hills volcano peaks',
    tree: 'tree trees forest woods pine pines jungle',
    house: 'house houses home cabin cottage hut village',
    city: 'city building buildings skyline tower towers town skyscraper skyscrapers',
    water: 'sea ocean water lake river wave waves beach',
    flower: 'flower flowers garden tulip tulips daisy daisies roses meadow',
    heart: 'heart hearts love',
    circle: 'circle circles ball balls bubble bubbles dot dots planet planets orb orbs balloon balloons',
    square: 'square squares box boxes cube cubes block blocks rectangle rectangles',
    triangle: 'triangle triangles pyramid pyramids',
    spiral: 'spiral spirals galaxy swirl vortex',
    rain: 'rain rainy storm raining',
    snow: 'snow snowy snowflakes snowing',
    rainbow: 'rainbow rainbows',
    bird: 'bird birds seagull seagulls',
    fish: 'fish fishes',
  },
  (key) => key as Subject,
);

/** Words that stand for many of a thing even in the singular. */
const COLLECTIVE = new Set([
  'fish',
  'forest',
  'woods',
  'jungle',
  'garden',
  'meadow',
  'village',
  'skyline',
  'city',
  'town',
  'peaks',
]);

export type Scene = 'night' | 'sunset' | 'day' | 'winter' | 'desert' | 'underwater';

const SCENE_WORDS = wordTable<Scene>(
  {
    night: 'night midnight dark space evening starry cosmic',
    sunset: 'sunset sunrise dusk dawn twilight',
    day: 'day morning sunny summer noon afternoon',
    winter: 'winter icy frozen arctic',
    desert: 'desert sand sandy dunes sahara',
    underwater: 'underwater undersea reef deep',
  },
  (key) => key as Scene,
);

const NUMBER_WORDS = wordTable(
  { 1: 'one single', 2: 'two pair', 3: 'three', 4: 'four some', 5: 'five several', 6: 'six', 7: 'seven', 8: 'eight' },
  Number,
);
Object.assign(NUMBER_WORDS, wordTable({ 9: 'nine many', 10: 'ten', 11: 'eleven', 12: 'twelve lots' }, Number));

const SIZE_WORDS = wordTable(
  { 1.4: 'big', 1.7: 'huge', 1.8: 'giant', 1.35: 'large', 0.65: 'small', 0.45: 'tiny', 0.6: 'little' },
  Number,
);

/** Words that name where a colour goes rather than a thing to draw. */
const SURFACES = new Set(['sky', 'background', 'ground', 'grass', 'field', 'floor']);

export interface PlannedSubject {
  kind: Subject;
  /** How many the prompt asked for, if it said. */
  count: number | undefined;
  /** Named in the plural ("stars", "a forest"): draw several. */
  plural: boolean;
  colour: string | undefined;
  scale: number;
}

/** What the sketcher understood of a prompt. */
export interface SketchPlan {
  seed: number;
  scene: Scene | undefined;
  subjects: PlannedSubject[];
  sky: string | undefined;
  ground: string | undefined;
  /** Every colour named, in the order of the prompt. */
  colours: string[];
}

/** Normalises a prompt so that case and spacing do not change the picture. */
export function normalisePrompt(prompt: string): string {
  return prompt.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Reads colours, subjects, counts, sizes and the scene from a prompt. */
export function planSketch(prompt: string): SketchPlan {
  const text = normalisePrompt(prompt);
  const words = text.match(/[a-z0-9]+/g) ?? [];
  const plan: SketchPlan = {
    seed: hashText(text),
    scene: undefined,
    subjects: [],
    sky: undefined,
    ground: undefined,
    colours: [],
  };
  words.forEach((word, index) => {
    const before = words.slice(Math.max(0, index - 3), index);
    const colourWord = [...before].reverse().find((candidate) => COLOUR_WORDS[candidate]);
    const colour = colourWord ? COLOUR_WORDS[colourWord] : undefined;
    if (COLOUR_WORDS[word]) plan.colours.push(COLOUR_WORDS[word]);
    plan.scene ??= SCENE_WORDS[word];
    if (SURFACES.has(word) && colour) {
      if (word === 'sky' || word === 'background') plan.sky = colour;
      else plan.ground = colour;
    }
    const kind = SUBJECT_WORDS[word];
    if (!kind || plan.subjects.some((subject) => subject.kind === kind)) return;
    const countWord = before.findLast((candidate) => NUMBER_WORDS[candidate] !== undefined || /^\d{1,2}$/.test(candidate));
    const count = countWord ? (NUMBER_WORDS[countWord] ?? Number(countWord)) : undefined;
    const sizeWord = before.findLast((candidate) => SIZE_WORDS[candidate] !== undefined);
    plan.subjects.push({
      kind,
      count: count === undefined ? undefined : Math.min(Math.max(count, 1), 24),
      plural: COLLECTIVE.has(word) || (word.endsWith('s') && word !== kind),
      colour,
      scale: sizeWord ? SIZE_WORDS[sizeWord]! : 1,
    });
  });
  if (plan.subjects.some((subject) => subject.kind === 'snow')) plan.scene ??= 'winter';
  if (plan.subjects.some((subject) => subject.kind === 'fish')) plan.scene ??= 'underwater';
  return plan;
}
