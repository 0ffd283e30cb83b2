import { loadSharp } from '../../../../core/images/sharp.js';
import { backgroundFor, paletteFor } from './sketch-palette.js';
import { planSketch, type Subject } from './sketch-prompt.js';
import { seededRandom, type Random } from '../../../../core/seeded-random.js';
import { howMany, subject, type Canvas } from './sketch-canvas.js';
import { drawGround, drawSky } from './sketch-landscape.js';
import * as shapes from './sketch-shapes.js';
import { SIZE, SKY, WHOLE, spot } from './sketch-shapes.js';

/** Subjects that make the picture a landscape with sky and ground. */
const LANDSCAPE = new Set<Subject>([
  'sun',
  'moon',
  'cloud',
  'mountain',
  'tree',
  'house',
  'city',
  'water',
  'flower',
  'rainbow',
  'bird',
  'rain',
  'snow',
]);

/** Shapes that are the picture itself: alone on a background, or floating in a landscape's sky. */
function drawShapes({ plan, random, palette, layers }: Canvas, area: shapes.Area, landscape: boolean) {
  const kinds = landscape
    ? ['circle', 'square', 'triangle', 'heart', 'spiral']
    : ['circle', 'square', 'triangle', 'heart', 'spiral', 'fish', 'star'];
  const abstract = plan.subjects.filter((planned) => kinds.includes(planned.kind));
  abstract.forEach((planned, index) => {
    const count = howMany(random, planned, [5, 9]);
    for (let i = 0; i < count; i += 1) {
      const single = count === 1;
      const at = single
        ? { x: SIZE / 2 + (index - (abstract.length - 1) / 2) * 260, y: area.y + area.height / 2 }
        : spot(random, area);
      const size = (single ? 150 : random.between(40, 90)) * planned.scale;
      const colour = planned.colour ?? palette[(index + i) % palette.length]!;
      layers.push(shapeOf(planned.kind, random, at.x, at.y, size, colour));
    }
  });
  if (plan.subjects.length === 0) {
    for (let i = random.int(10, 16); i > 0; i -= 1) {
      const at = spot(random, area);
      layers.push(
        shapeOf(
          random.pick(['circle', 'square', 'triangle'] as const),
          random,
          at.x,
          at.y,
          random.between(50, 200),
          random.pick(palette),
        ),
      );
    }
    for (let i = random.int(2, 3); i > 0; i -= 1)
      layers.push(
        shapes.spiral(
          random.between(area.x, area.x + area.width),
          random.between(area.y, area.y + area.height),
          random.between(80, 200),
          random.pick(palette),
          random.between(2, 4),
        ),
      );
  }
}

function shapeOf(kind: Subject, random: Random, x: number, y: number, size: number, colour: string): string {
  switch (kind) {
    case 'square':
      return shapes.rect(
        x - size,
        y - size,
        size * 2,
        size * 2,
        colour,
        `fill-opacity="0.9" transform="rotate(${random.between(-20, 20).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})"`,
      );
    case 'triangle':
      return shapes.polygon(
        [
          [x, y - size * 1.1],
          [x - size, y + size * 0.7],
          [x + size, y + size * 0.7],
        ],
        colour,
        0.9,
      );
    case 'heart':
      return shapes.heart(x, y, size * 1.6, colour);
    case 'spiral':
      return shapes.spiral(x, y, size, colour, random.between(2.5, 4.5));
    case 'fish':
      return shapes.fish(x, y, size * 0.6, colour, random.next() < 0.5);
    case 'star':
      return shapes.star(x, y, size, colour, random.between(-0.3, 0.3));
    default:
      return shapes.circle(x, y, size, colour, 0.9);
  }
}

function drawWeather({ plan, random, layers }: Canvas) {
  if (subject(plan, 'rain')) {
    for (let i = 0; i < 140; i += 1) {
      const x = random.between(-100, SIZE);
      const y = random.between(0, SIZE);
      layers.push(
        `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x + 10).toFixed(1)}" y2="${(y + 34).toFixed(1)}" stroke="#b3d4fc" stroke-width="3" stroke-opacity="0.7"/>`,
      );
    }
  }
  if (subject(plan, 'snow'))
    for (let i = 0; i < 160; i += 1)
      layers.push(shapes.circle(random.between(0, SIZE), random.between(0, SIZE), random.between(2, 6), '#ffffff', 0.9));
  if (plan.scene === 'underwater')
    for (let i = 0; i < 24; i += 1)
      layers.push(shapes.circle(random.between(0, SIZE), random.between(0, SIZE), random.between(5, 16), '#ffffff', 0.3));
}

/** The SVG of a prompt's picture: the same prompt always gives the same drawing. */
export function sketchSvg(prompt: string): string {
  const plan = planSketch(prompt);
  const random = seededRandom(plan.seed);
  const palette = paletteFor(plan, random);
  const landscape =
    plan.scene !== 'underwater' && (plan.subjects.some((planned) => LANDSCAPE.has(planned.kind)) || plan.scene !== undefined);
  const [top, bottom] = backgroundFor(plan, palette, landscape);
  const canvas: Canvas = { plan, random, palette, layers: [] };
  if (landscape) {
    drawSky(canvas);
    drawGround(canvas);
    drawShapes(canvas, SKY, true);
  } else {
    drawShapes(canvas, WHOLE, false);
  }
  drawWeather(canvas);
  const direction = landscape ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}"><defs><linearGradient id="bg" ${direction}><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>${canvas.layers.join('')}</svg>`;
}

/** The picture as a 1024 × 1024 PNG. */
export async function sketchPicture(prompt: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(sketchSvg(prompt)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
