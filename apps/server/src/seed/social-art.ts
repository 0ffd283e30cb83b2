import { loadSharp } from '../core/images/sharp.js';
import { seededRandom as createSeededRandom } from '../core/seeded-random.js';

/** Pictures of the demo network, drawn as SVG (shapes only: no text, no fonts, no network). */

export type Random = () => number;

/** A small deterministic generator, so every fresh portal gets the same demo pictures. */
export const seededRandom = (seed: number): Random => createSeededRandom(seed).next;

const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${Math.round(hue) % 360} ${saturation}% ${lightness}%)`;
const between = (random: Random, min: number, max: number) => min + random() * (max - min);

/** A portrait: a head and shoulders on a coloured ground, with a few shapes behind. */
export function avatarSvg(hue: number, random: Random): string {
  const skin = hsl(20 + random() * 20, 45, between(random, 35, 78));
  const hair = hsl(hue + 180, 35, between(random, 12, 40));
  const shirt = hsl(hue + 40, 60, 45);
  const shapes = Array.from({ length: 4 }, () => {
    const x = between(random, 0, 256);
    const y = between(random, 0, 256);
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${between(random, 12, 48).toFixed(0)}" fill="#fff" opacity="0.14"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${hsl(hue, 70, 62)}"/><stop offset="1" stop-color="${hsl(hue + 30, 65, 42)}"/>
  </linearGradient></defs>
  <rect width="256" height="256" fill="url(#g)"/>${shapes}
  <path d="M38 256 C44 196 84 172 128 172 C172 172 212 196 218 256 Z" fill="${shirt}"/>
  <rect x="112" y="140" width="32" height="40" rx="12" fill="${skin}"/>
  <ellipse cx="128" cy="112" rx="46" ry="52" fill="${skin}"/>
  <path d="M80 108 C78 62 108 50 128 50 C156 50 180 66 176 108 C168 88 150 80 128 82 C106 80 90 90 80 108 Z" fill="${hair}"/>
  <circle cx="110" cy="116" r="5" fill="#2b2b2b"/><circle cx="146" cy="116" r="5" fill="#2b2b2b"/>
  <path d="M112 140 Q128 152 144 140" stroke="#7a3b2e" stroke-width="4" fill="none" stroke-linecap="round"/>
</svg>`;
}

export const SCENES = ['mountains', 'sea', 'city', 'forest', 'coffee', 'flowers', 'abstract', 'desert'] as const;
export type Scene = (typeof SCENES)[number];

const W = 960;
const H = 640;

function sky(random: Random, hue: number, sunset: boolean): string {
  const top = sunset ? hsl(hue + 300, 60, 45) : hsl(205, 70, between(random, 55, 70));
  const bottom = sunset ? hsl(30, 90, 65) : hsl(195, 60, 88);
  const sunY = sunset ? between(random, 330, 400) : between(random, 80, 180);
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="${between(random, 150, 810).toFixed(0)}" cy="${sunY.toFixed(0)}" r="${between(random, 40, 70).toFixed(0)}" fill="${sunset ? '#ffd27a' : '#fff6c8'}"/>`;
}

function ridge(random: Random, baseY: number, height: number, color: string): string {
  const points = [`0,${H}`];
  for (let x = 0; x <= W; x += 80) points.push(`${x},${(baseY - random() * height).toFixed(0)}`);
  points.push(`${W},${H}`);
  return `<polygon points="${points.join(' ')}" fill="${color}"/>`;
}

const DRAW: Record<Scene, (random: Random, hue: number) => string> = {
  mountains: (r, hue) =>
    sky(r, hue, r() > 0.5) +
    ridge(r, 380, 220, hsl(230, 20, 55)) +
    ridge(r, 470, 160, hsl(150, 25, 35)) +
    ridge(r, 560, 80, hsl(120, 30, 25)),
  sea: (r, hue) =>
    sky(r, hue, r() > 0.4) +
    `<rect y="400" width="${W}" height="240" fill="${hsl(200, 60, 38)}"/>` +
    Array.from(
      { length: 7 },
      (_, i) =>
        `<path d="M0 ${430 + i * 30} Q240 ${415 + i * 30} 480 ${430 + i * 30} T960 ${430 + i * 30}" stroke="#fff" stroke-opacity="0.25" stroke-width="3" fill="none"/>`,
    ).join('') +
    `<path d="M0 600 Q480 560 960 610 L960 640 L0 640 Z" fill="${hsl(45, 55, 72)}"/>`,
  city: (r, hue) =>
    sky(r, hue, true) +
    Array.from({ length: 14 }, (_, i) => {
      const w = between(r, 50, 90);
      const h = between(r, 140, 380);
      const x = i * 70 - 20;
      const lights = Array.from(
        { length: 6 },
        () =>
          `<rect x="${(x + between(r, 8, w - 16)).toFixed(0)}" y="${(H - between(r, 20, h - 20)).toFixed(0)}" width="8" height="10" fill="#ffe9a8"/>`,
      ).join('');
      return `<rect x="${x}" y="${(H - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${hsl(hue + 220, 25, 18 + (i % 3) * 5)}"/>${lights}`;
    }).join(''),
  forest: (r, hue) =>
    sky(r, hue, false) +
    ridge(r, 520, 60, hsl(110, 35, 40)) +
    Array.from({ length: 18 }, () => {
      const x = between(r, 0, W);
      const y = between(r, 380, 560);
      const s = between(r, 0.6, 1.4);
      return `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) scale(${s.toFixed(2)})"><rect x="-6" y="0" width="12" height="40" fill="#5b3a22"/><polygon points="0,-120 -45,10 45,10" fill="${hsl(120 + r() * 40, 45, 22 + r() * 15)}"/></g>`;
    }).join(''),
  coffee: (r, hue) =>
    `<rect width="${W}" height="${H}" fill="${hsl(hue + 20, 35, 82)}"/>` +
    `<ellipse cx="480" cy="470" rx="300" ry="70" fill="${hsl(hue, 20, 70)}"/>` +
    `<path d="M330 250 h300 l-30 220 h-240 z" fill="${hsl(hue + 200, 50, 50)}"/>` +
    `<path d="M630 290 q90 10 60 100 q-20 50 -80 50" stroke="${hsl(hue + 200, 50, 50)}" stroke-width="26" fill="none"/>` +
    `<ellipse cx="480" cy="252" rx="150" ry="22" fill="#6b4226"/>` +
    Array.from(
      { length: 3 },
      (_, i) =>
        `<path d="M${430 + i * 50} 210 q-25 -40 0 -80 q25 -40 0 -80" stroke="#fff" stroke-opacity="0.6" stroke-width="8" fill="none" stroke-linecap="round"/>`,
    ).join(''),
  flowers: (r, hue) =>
    `<rect width="${W}" height="${H}" fill="${hsl(100, 40, 55)}"/>` +
    Array.from({ length: 22 }, () => {
      const x = between(r, 40, 920);
      const y = between(r, 60, 600);
      const petal = hsl(hue + r() * 120, 75, 65);
      const petals = Array.from(
        { length: 6 },
        (_, k) => `<ellipse cx="0" cy="-22" rx="12" ry="22" fill="${petal}" transform="rotate(${k * 60})"/>`,
      ).join('');
      return `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) scale(${between(r, 0.7, 1.5).toFixed(2)})">${petals}<circle r="10" fill="#ffd34d"/></g>`;
    }).join(''),
  abstract: (r, hue) =>
    `<rect width="${W}" height="${H}" fill="${hsl(hue, 40, 20)}"/>` +
    Array.from({ length: 16 }, () => {
      const color = hsl(hue + between(r, -60, 60), 70, between(r, 45, 70));
      return r() > 0.5
        ? `<circle cx="${between(r, 0, W).toFixed(0)}" cy="${between(r, 0, H).toFixed(0)}" r="${between(r, 30, 160).toFixed(0)}" fill="${color}" opacity="0.7"/>`
        : `<rect x="${between(r, 0, W).toFixed(0)}" y="${between(r, 0, H).toFixed(0)}" width="${between(r, 60, 300).toFixed(0)}" height="${between(r, 60, 300).toFixed(0)}" fill="${color}" opacity="0.6" transform="rotate(${between(r, -30, 30).toFixed(0)} 480 320)"/>`;
    }).join(''),
  desert: (r, hue) =>
    sky(r, hue, r() > 0.5) +
    `<path d="M0 460 Q240 380 480 450 T960 430 L960 640 L0 640 Z" fill="${hsl(35, 65, 62)}"/>` +
    `<path d="M0 540 Q300 470 620 540 T960 520 L960 640 L0 640 Z" fill="${hsl(28, 60, 50)}"/>` +
    `<g transform="translate(${between(r, 120, 840).toFixed(0)} 470)" fill="${hsl(130, 35, 32)}"><rect x="-14" y="-120" width="28" height="130" rx="14"/><rect x="-54" y="-80" width="22" height="60" rx="11"/><rect x="32" y="-100" width="22" height="60" rx="11"/><rect x="-54" y="-40" width="50" height="20" rx="10"/><rect x="8" y="-60" width="46" height="20" rx="10"/></g>`,
};

/** Drawn on a 960×640 canvas, rendered at 720×480: big enough for a feed, quick to seed. */
export function sceneSvg(scene: Scene, random: Random): string {
  const hue = random() * 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="480" viewBox="0 0 ${W} ${H}">${DRAW[scene](random, hue)}</svg>`;
}

/** An SVG drawing as PNG bytes, to go through the same processing as an upload. */
export async function rasterize(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
