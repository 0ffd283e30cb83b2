/** What the local engine can measure in a picture (see picture-measure.ts). */
export interface PictureFacts {
  width: number;
  height: number;
  /** Mean lightness, 0 (black) to 1 (white). */
  brightness: number;
  /** Names of the dominant colours, most covering first. */
  colours: string[];
}

/** A question about the attached picture itself rather than some other subject. */
export const PICTURE_QUESTION =
  /\b(picture|pictures|photo|photos|image|images|pic|pics|see|look|looks|describe|colou?rs?|what is this|what's this|this)\b/i;

function light(brightness: number): string {
  if (brightness < 0.2) return 'very dark';
  if (brightness < 0.4) return 'rather dark';
  if (brightness < 0.65) return 'evenly lit';
  if (brightness < 0.85) return 'bright';
  return 'dazzlingly bright';
}

function shape({ width, height }: PictureFacts): string {
  if (width > height * 1.2) return 'landscape';
  if (height > width * 1.2) return 'portrait';
  return 'square';
}

function colourList(colours: string[]): string {
  const names = colours.slice(0, 3);
  if (names.length === 0) return 'no colour I can name';
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

const size = (facts: PictureFacts) => `${facts.width}×${facts.height}`;

/** "a 640×480" but "an 800×600": the article as the number is spoken (eight, eleven, eighteen). */
function article(width: number): string {
  const digits = String(width);
  return digits.startsWith('8') || ([2, 4, 5].includes(digits.length) && /^1[18]/.test(digits)) ? 'an' : 'a';
}

/** Sentences describing the pictures from their measurements, in a few wordings. */
export function pictureLines(pictures: PictureFacts[]): string[] {
  if (pictures.length === 1) {
    const facts = pictures[0]!;
    const colours = colourList(facts.colours);
    return [
      `I see ${article(facts.width)} ${size(facts)} ${shape(facts)} picture, mostly ${colours}, and ${light(facts.brightness)}.`,
      `Your ${shape(facts)} picture (${size(facts)} pixels) is ${light(facts.brightness)} and full of ${colours}.`,
      `That picture is ${size(facts)}, ${light(facts.brightness)}, and mostly ${colours}.`,
    ];
  }
  const ordinals = ['first', 'second', 'third', 'fourth'];
  const each = pictures.map(
    (facts, index) =>
      `the ${ordinals[index] ?? `number ${index + 1}`} is ${light(facts.brightness)} and mostly ${colourList(facts.colours.slice(0, 2))}`,
  );
  const list = `${each.slice(0, -1).join('; ')}; and ${each.at(-1)!}`;
  return [
    `You sent ${pictures.length} pictures: ${list}.`,
    `${pictures.length} pictures, how generous! In order: ${list}.`,
    `I measured all ${pictures.length} pictures: ${list}.`,
  ];
}

/** Jokes about a picture when the question is about the picture. */
export function pictureQuips(pictures: PictureFacts[]): string[] {
  const main = pictures[0]?.colours[0] ?? 'grey';
  return [
    "I can't tell a cat from a cloud, but I can count pixels with great enthusiasm.",
    'My art-critic verdict: bold use of pixels. Very brave. Ten out of ten, would squint again.',
    `If it's a selfie, you look great in ${main}. If it's a landscape, so does the landscape.`,
    "I only measure colours and light, so my guess is: either a masterpiece or somebody's thumb.",
  ];
}
