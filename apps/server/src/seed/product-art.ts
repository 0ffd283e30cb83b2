import { loadSharp } from '../core/images/sharp.js';

/** Product pictures for the demo catalogue, drawn as SVG (no fonts, no network) and rendered to WebP. */
const SIZE = 640;

export type ArtShape =
  | 'shirt'
  | 'jacket'
  | 'shoe'
  | 'boot'
  | 'tote'
  | 'backpack'
  | 'mug'
  | 'lamp'
  | 'cushion'
  | 'cap'
  | 'bottle'
  | 'tent'
  | 'glasses'
  | 'watch';

const INK = '#2b2118';

/** Each shape is drawn around (0, 0) in a 400 × 400 box, filled with the product's colour. */
const SHAPES: Record<ArtShape, (fill: string, accent: string) => string> = {
  shirt: (f, a) =>
    `<path d="M-70 -150 L-150 -110 L-190 -20 L-130 10 L-110 -30 L-110 160 L110 160 L110 -30 L130 10 L190 -20 L150 -110 L70 -150 Q0 -100 -70 -150 Z" fill="${f}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>
     <path d="M-70 -150 Q0 -90 70 -150" fill="none" stroke="${a}" stroke-width="10"/>`,
  jacket: (f, a) =>
    `<path d="M-70 -150 L-160 -110 L-200 120 L-140 130 L-115 -20 L-115 170 L115 170 L115 -20 L140 130 L200 120 L160 -110 L70 -150 L0 -60 Z" fill="${f}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>
     <line x1="0" y1="-60" x2="0" y2="170" stroke="${a}" stroke-width="8"/>
     <rect x="-95" y="60" width="55" height="40" rx="6" fill="none" stroke="${a}" stroke-width="6"/><rect x="40" y="60" width="55" height="40" rx="6" fill="none" stroke="${a}" stroke-width="6"/>`,
  shoe: (f, a) =>
    `<path d="M-190 60 L-180 -40 Q-120 -60 -80 -100 L-20 -100 Q0 -20 80 0 Q180 20 190 70 L190 100 L-190 100 Z" fill="${f}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>
     <rect x="-195" y="95" width="390" height="30" rx="12" fill="${a}" stroke="${INK}" stroke-width="8"/>
     <g stroke="${a}" stroke-width="7"><line x1="-60" y1="-80" x2="-20" y2="-60"/><line x1="-50" y1="-55" x2="-5" y2="-35"/><line x1="-40" y1="-30" x2="10" y2="-12"/></g>`,
  boot: (f, a) =>
    `<path d="M-120 -170 L20 -170 L30 10 Q140 20 170 70 L170 110 L-130 110 L-130 -170 Z" fill="${f}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>
     <rect x="-140" y="105" width="320" height="36" rx="10" fill="${a}" stroke="${INK}" stroke-width="8"/>
     <g fill="${a}"><circle cx="10" cy="-130" r="9"/><circle cx="10" cy="-90" r="9"/><circle cx="10" cy="-50" r="9"/></g>`,
  tote: (f, a) =>
    `<path d="M-80 -80 Q-80 -190 0 -190 Q80 -190 80 -80" fill="none" stroke="${a}" stroke-width="18"/>
     <path d="M-160 -90 L160 -90 L130 170 L-130 170 Z" fill="${f}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>
     <rect x="-60" y="0" width="120" height="80" rx="12" fill="${a}" opacity="0.85"/>`,
  backpack: (f, a) =>
    `<rect x="-130" y="-150" width="260" height="320" rx="70" fill="${f}" stroke="${INK}" stroke-width="8"/>
     <path d="M-50 -150 Q0 -220 50 -150" fill="none" stroke="${INK}" stroke-width="14"/>
     <rect x="-90" y="40" width="180" height="100" rx="30" fill="${a}" stroke="${INK}" stroke-width="6"/>
     <line x1="-70" y1="-40" x2="70" y2="-40" stroke="${a}" stroke-width="10" stroke-linecap="round"/>`,
  mug: (f, a) =>
    `<path d="M130 -60 Q220 -60 220 20 Q220 100 130 100" fill="none" stroke="${INK}" stroke-width="26"/>
     <path d="M130 -60 Q220 -60 220 20 Q220 100 130 100" fill="none" stroke="${f}" stroke-width="12"/>
     <path d="M-150 -130 L150 -130 L130 160 Q0 190 -130 160 Z" fill="${f}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>
     <ellipse cx="0" cy="-130" rx="150" ry="26" fill="${a}" stroke="${INK}" stroke-width="8"/>`,
  lamp: (f, a) =>
    `<path d="M-150 -40 L-80 -190 L80 -190 L150 -40 Z" fill="${f}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>
     <rect x="-12" y="-40" width="24" height="170" fill="${a}" stroke="${INK}" stroke-width="6"/>
     <ellipse cx="0" cy="150" rx="120" ry="30" fill="${a}" stroke="${INK}" stroke-width="8"/>`,
  cushion: (f, a) =>
    `<path d="M-170 -150 Q0 -120 170 -150 Q140 0 170 150 Q0 120 -170 150 Q-140 0 -170 -150 Z" fill="${f}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>
     <circle cx="0" cy="0" r="18" fill="${a}"/><path d="M-120 -100 Q0 -60 120 -100 M-120 100 Q0 60 120 100" fill="none" stroke="${a}" stroke-width="6" opacity="0.7"/>`,
  cap: (f, a) =>
    `<path d="M-150 40 Q-150 -140 0 -140 Q150 -140 150 40 Z" fill="${f}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>
     <path d="M-150 40 L210 40 Q230 80 150 90 L-150 70 Z" fill="${a}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>
     <circle cx="0" cy="-140" r="14" fill="${a}" stroke="${INK}" stroke-width="6"/>`,
  bottle: (f, a) =>
    `<rect x="-40" y="-200" width="80" height="50" rx="10" fill="${a}" stroke="${INK}" stroke-width="8"/>
     <path d="M-45 -150 L45 -150 L90 -90 L90 180 Q0 200 -90 180 L-90 -90 Z" fill="${f}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>
     <rect x="-90" y="-10" width="180" height="70" fill="${a}" opacity="0.8"/>`,
  tent: (f, a) =>
    `<path d="M-210 150 L0 -170 L210 150 Z" fill="${f}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>
     <path d="M-60 150 L0 20 L60 150 Z" fill="${a}" stroke="${INK}" stroke-width="6" stroke-linejoin="round"/>
     <line x1="-240" y1="152" x2="240" y2="152" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>`,
  glasses: (f, a) =>
    `<g fill="${a}" fill-opacity="0.55" stroke="${f}" stroke-width="22"><rect x="-200" y="-60" width="160" height="120" rx="50"/><rect x="40" y="-60" width="160" height="120" rx="50"/></g>
     <path d="M-40 -20 Q0 -50 40 -20" fill="none" stroke="${f}" stroke-width="18"/>`,
  watch: (f, a) =>
    `<rect x="-60" y="-200" width="120" height="400" rx="30" fill="${f}" stroke="${INK}" stroke-width="8"/>
     <circle cx="0" cy="0" r="110" fill="${a}" stroke="${INK}" stroke-width="10"/>
     <circle cx="0" cy="0" r="88" fill="#fffdf7" stroke="${INK}" stroke-width="4"/>
     <line x1="0" y1="0" x2="0" y2="-62" stroke="${INK}" stroke-width="8" stroke-linecap="round"/><line x1="0" y1="0" x2="45" y2="20" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>`,
};

function scene(background: [string, string], body: string, zoom: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs><radialGradient id="bg" cx="0.35" cy="0.3" r="0.9"><stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></radialGradient></defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  <ellipse cx="${SIZE / 2}" cy="${SIZE * 0.86}" rx="${SIZE * 0.3}" ry="${SIZE * 0.04}" fill="#000" opacity="0.12"/>
  <g transform="translate(${SIZE / 2} ${SIZE / 2}) scale(${zoom * 1.2})">${body}</g>
</svg>`;
}

export interface ArtRequest {
  shape: ArtShape;
  fill: string;
  accent: string;
  background: [string, string];
  /** 1 for the whole product; more for a close-up. */
  zoom?: number;
}

export async function renderProductArt({ shape, fill, accent, background, zoom = 1 }: ArtRequest): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(scene(background, SHAPES[shape](fill, accent), zoom)))
    .webp({ quality: 80 })
    .toBuffer();
}
