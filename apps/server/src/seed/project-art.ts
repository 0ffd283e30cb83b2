import { loadSharp } from '../core/images/sharp.js';

/** Pictures of the portal's apps, drawn here as SVG (no fonts, no network) and rendered to WebP. */
const WIDTH = 800;
const HEIGHT = 500;

function frame(from: string, to: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.75" cy="0.2" r="0.7">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>
  <g opacity="0.12" fill="#ffffff">
    <circle cx="90" cy="420" r="140"/><circle cx="720" cy="470" r="90"/><circle cx="680" cy="60" r="40"/>
  </g>
  ${body}
</svg>`;
}

const ART: Record<string, string> = {
  taberna: frame(
    '#b4472c',
    '#f2a65a',
    `<g transform="translate(400 260)">
      <path d="M-120 -60 h240 l-20 190 h-200 z" fill="#fff7ec" stroke="#5b2314" stroke-width="10" stroke-linejoin="round"/>
      <path d="M-60 -60 v-40 a60 60 0 0 1 120 0 v40" fill="none" stroke="#5b2314" stroke-width="12" stroke-linecap="round"/>
      <circle cx="-60" cy="-30" r="9" fill="#5b2314"/><circle cx="60" cy="-30" r="9" fill="#5b2314"/>
      <rect x="-70" y="20" width="140" height="60" rx="14" fill="#f2a65a"/>
      <circle cx="-30" cy="50" r="14" fill="#b4472c"/><circle cx="10" cy="50" r="14" fill="#fff7ec"/><circle cx="50" cy="50" r="14" fill="#5b2314"/>
    </g>`,
  ),
  social: frame(
    '#1e4fa3',
    '#4fb3e8',
    `<g stroke="#e8f4ff" stroke-width="10" stroke-linecap="round">
      <line x1="280" y1="300" x2="400" y2="180"/><line x1="400" y1="180" x2="520" y2="300"/><line x1="280" y1="300" x2="520" y2="300"/>
    </g>
    <g fill="#ffffff" stroke="#173b7a" stroke-width="8">
      <circle cx="400" cy="180" r="58"/><circle cx="280" cy="300" r="50"/><circle cx="520" cy="300" r="50"/>
    </g>
    <g fill="#173b7a">
      <circle cx="400" cy="165" r="18"/><path d="M368 212 a32 28 0 0 1 64 0 z"/>
      <circle cx="280" cy="288" r="15"/><path d="M254 330 a26 24 0 0 1 52 0 z"/>
      <circle cx="520" cy="288" r="15"/><path d="M494 330 a26 24 0 0 1 52 0 z"/>
    </g>`,
  ),
  'ai-lab': frame(
    '#3b1f7a',
    '#b45ad8',
    `<g transform="translate(400 250)">
      <path d="M-150 -100 h300 a40 40 0 0 1 40 40 v120 a40 40 0 0 1 -40 40 h-190 l-60 50 v-50 h-50 a40 40 0 0 1 -40 -40 v-120 a40 40 0 0 1 40 -40 z" fill="#f7efff" stroke="#2a1257" stroke-width="10" stroke-linejoin="round"/>
      <circle cx="-70" cy="0" r="18" fill="#7b3fc4"/><circle cx="0" cy="0" r="18" fill="#b45ad8"/><circle cx="70" cy="0" r="18" fill="#7b3fc4"/>
      <path d="M170 -150 l12 30 30 12 -30 12 -12 30 -12 -30 -30 -12 30 -12 z" fill="#ffe680"/>
      <path d="M-200 -130 l8 20 20 8 -20 8 -8 20 -8 -20 -20 -8 20 -8 z" fill="#ffe680"/>
    </g>`,
  ),
  hyper3d: frame(
    '#0f5f55',
    '#53d1a8',
    `<g transform="translate(400 250)" stroke="#08352f" stroke-width="8" stroke-linejoin="round">
      <path d="M0 -150 L130 -75 L0 0 L-130 -75 Z" fill="#e9fff7"/>
      <path d="M-130 -75 L0 0 L0 150 L-130 75 Z" fill="#9fe8cf"/>
      <path d="M130 -75 L0 0 L0 150 L130 75 Z" fill="#53d1a8"/>
      <circle cx="190" cy="110" r="34" fill="#ffd166"/>
      <path d="M-230 60 l40 -70 40 70 z" fill="#ff8c69"/>
    </g>`,
  ),
};

export async function renderProjectArt(kind: keyof typeof ART | string): Promise<Buffer> {
  const svg = ART[kind];
  if (!svg) throw new Error(`No art for ${kind}`);
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality: 86 }).toBuffer();
}
