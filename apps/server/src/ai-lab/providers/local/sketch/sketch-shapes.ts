import type { Random } from '../../../../core/seeded-random.js';

/** The canvas is 1024 × 1024; landscapes put the horizon here. */
export const SIZE = 1024;
export const HORIZON = 660;

const n = (value: number) => value.toFixed(1);

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const SKY: Area = { x: 40, y: 60, width: SIZE - 80, height: HORIZON - 200 };
export const GROUND: Area = { x: 30, y: HORIZON + 20, width: SIZE - 60, height: SIZE - HORIZON - 60 };
export const WHOLE: Area = { x: 80, y: 80, width: SIZE - 160, height: SIZE - 160 };

export const spot = (random: Random, area: Area) => ({
  x: random.between(area.x, area.x + area.width),
  y: random.between(area.y, area.y + area.height),
});

export function circle(x: number, y: number, r: number, fill: string, opacity = 1): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}" fill-opacity="${opacity.toFixed(2)}"/>`;
}

export function polygon(points: [number, number][], fill: string, opacity = 1): string {
  return `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}" fill-opacity="${opacity.toFixed(2)}"/>`;
}

export function rect(x: number, y: number, width: number, height: number, fill: string, extra = ''): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" fill="${fill}" ${extra}/>`;
}

export function sun(x: number, y: number, r: number, colour: string): string {
  const rays = Array.from({ length: 12 }, (_, index) => {
    const angle = (index / 12) * Math.PI * 2;
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    return `<line x1="${n(x + c * r * 1.25)}" y1="${n(y + s * r * 1.25)}" x2="${n(x + c * r * 1.6)}" y2="${n(y + s * r * 1.6)}" stroke="${colour}" stroke-width="${n(r * 0.12)}" stroke-linecap="round"/>`;
  });
  return `<g>${circle(x, y, r * 1.15, colour, 0.25)}${circle(x, y, r, colour)}${rays.join('')}</g>`;
}

export function moon(x: number, y: number, r: number, colour: string): string {
  return `<path d="M ${n(x)} ${n(y - r)} A ${n(r)} ${n(r)} 0 1 0 ${n(x)} ${n(y + r)} A ${n(r * 0.7)} ${n(r)} 0 1 1 ${n(x)} ${n(y - r)} Z" fill="${colour}"/>`;
}

export function star(x: number, y: number, r: number, colour: string, turn = 0): string {
  const points: [number, number][] = Array.from({ length: 10 }, (_, index) => {
    const angle = turn - Math.PI / 2 + (index * Math.PI) / 5;
    const radius = index % 2 === 0 ? r : r * 0.45;
    return [x + Math.cos(angle) * radius, y + Math.sin(angle) * radius];
  });
  return polygon(points, colour);
}

export function cloud(random: Random, x: number, y: number, scale: number, colour: string): string {
  const puffs = Array.from({ length: 5 }, (_, index) => {
    const dx = (index - 2) * 38 * scale;
    const r = (index === 2 ? 58 : random.between(30, 46)) * scale;
    return circle(x + dx, y - (index % 2) * 18 * scale, r, colour, 0.92);
  });
  return `<g>${puffs.join('')}${rect(x - 100 * scale, y, 200 * scale, 34 * scale, colour, 'fill-opacity="0.92" rx="17"')}</g>`;
}

export function mountain(x: number, width: number, height: number, colour: string, snowCap: boolean): string {
  const peak: [number, number] = [x + width / 2, HORIZON - height];
  const base = polygon([[x, HORIZON + 2], peak, [x + width, HORIZON + 2]], colour);
  if (!snowCap) return base;
  const cap = polygon(
    [[peak[0] - width * 0.12, peak[1] + height * 0.24], peak, [peak[0] + width * 0.12, peak[1] + height * 0.24]],
    '#ffffff',
    0.9,
  );
  return `<g>${base}${cap}</g>`;
}

export function tree(random: Random, x: number, baseY: number, scale: number, colour: string): string {
  const trunk = rect(x - 9 * scale, baseY - 60 * scale, 18 * scale, 60 * scale, '#6d4c41');
  if (random.next() < 0.5) {
    const tiers = [0, 1, 2].map((tier) =>
      polygon(
        [
          [x - (70 - tier * 14) * scale, baseY - (50 + tier * 45) * scale],
          [x, baseY - (130 + tier * 45) * scale],
          [x + (70 - tier * 14) * scale, baseY - (50 + tier * 45) * scale],
        ],
        colour,
      ),
    );
    return `<g>${trunk}${tiers.join('')}</g>`;
  }
  const crown = [-30, 0, 30].map((dx, index) =>
    circle(x + dx * scale, baseY - (95 + (index === 1 ? 30 : 0)) * scale, 48 * scale, colour),
  );
  return `<g>${trunk}${crown.join('')}</g>`;
}

export function house(x: number, baseY: number, scale: number, colour: string): string {
  const w = 170 * scale;
  const h = 130 * scale;
  return `<g>${rect(x - w / 2, baseY - h, w, h, colour)}${polygon(
    [
      [x - w * 0.62, baseY - h],
      [x, baseY - h - 95 * scale],
      [x + w * 0.62, baseY - h],
    ],
    '#6d4c41',
  )}${rect(x - 20 * scale, baseY - 70 * scale, 40 * scale, 70 * scale, '#4e342e')}${rect(x + 32 * scale, baseY - h + 28 * scale, 34 * scale, 34 * scale, '#fff59d')}${rect(x - 66 * scale, baseY - h + 28 * scale, 34 * scale, 34 * scale, '#fff59d')}</g>`;
}

export function building(random: Random, x: number, width: number, height: number, colour: string, lit: boolean): string {
  const windows: string[] = [];
  for (let wy = HORIZON - height + 20; wy < HORIZON - 30; wy += 36) {
    for (let wx = x + 12; wx < x + width - 24; wx += 30) {
      if (random.next() < 0.65) windows.push(rect(wx, wy, 14, 20, lit ? '#ffe082' : '#cfd8dc', 'fill-opacity="0.85"'));
    }
  }
  return `<g>${rect(x, HORIZON - height, width, height + 4, colour)}${windows.join('')}</g>`;
}

export function flower(random: Random, x: number, baseY: number, scale: number, colour: string): string {
  const top = baseY - random.between(50, 90) * scale;
  const stem = `<line x1="${n(x)}" y1="${n(baseY)}" x2="${n(x)}" y2="${n(top)}" stroke="#2e7d32" stroke-width="${n(5 * scale)}"/>`;
  const petals = Array.from({ length: 6 }, (_, index) => {
    const angle = (index / 6) * Math.PI * 2;
    return circle(x + Math.cos(angle) * 16 * scale, top + Math.sin(angle) * 16 * scale, 12 * scale, colour);
  });
  return `<g>${stem}${petals.join('')}${circle(x, top, 10 * scale, '#ffd54f')}</g>`;
}

export function heart(x: number, y: number, size: number, colour: string): string {
  const s = size / 100;
  return `<path d="M ${n(x)} ${n(y + 35 * s)} C ${n(x - 60 * s)} ${n(y - 5 * s)} ${n(x - 45 * s)} ${n(y - 55 * s)} ${n(x)} ${n(y - 25 * s)} C ${n(x + 45 * s)} ${n(y - 55 * s)} ${n(x + 60 * s)} ${n(y - 5 * s)} ${n(x)} ${n(y + 35 * s)} Z" fill="${colour}"/>`;
}

export function spiral(x: number, y: number, radius: number, colour: string, turns: number): string {
  const points = Array.from({ length: 240 }, (_, index) => {
    const t = index / 239;
    const angle = t * turns * Math.PI * 2;
    return `${n(x + Math.cos(angle) * radius * t)},${n(y + Math.sin(angle) * radius * t)}`;
  });
  return `<polyline points="${points.join(' ')}" fill="none" stroke="${colour}" stroke-width="${n(radius / 18)}" stroke-linecap="round"/>`;
}

export function rainbow(x: number, y: number, radius: number): string {
  const bands = ['#e53935', '#fb8c00', '#fdd835', '#43a047', '#1e88e5', '#3949ab', '#8e24aa'];
  return bands
    .map(
      (colour, index) =>
        `<path d="M ${n(x - radius + index * 22)} ${n(y)} A ${n(radius - index * 22)} ${n(radius - index * 22)} 0 0 1 ${n(x + radius - index * 22)} ${n(y)}" fill="none" stroke="${colour}" stroke-width="22" stroke-opacity="0.85"/>`,
    )
    .join('');
}

export function bird(x: number, y: number, size: number, colour: string): string {
  return `<path d="M ${n(x - size)} ${n(y - size * 0.3)} Q ${n(x - size / 2)} ${n(y - size * 0.7)} ${n(x)} ${n(y)} Q ${n(x + size / 2)} ${n(y - size * 0.7)} ${n(x + size)} ${n(y - size * 0.3)}" fill="none" stroke="${colour}" stroke-width="${n(size / 6)}" stroke-linecap="round"/>`;
}

export function fish(x: number, y: number, size: number, colour: string, facingLeft: boolean): string {
  const dir = facingLeft ? -1 : 1;
  const tail = polygon(
    [
      [x - dir * size * 0.9, y],
      [x - dir * size * 1.4, y - size * 0.45],
      [x - dir * size * 1.4, y + size * 0.45],
    ],
    colour,
  );
  const eye = circle(x + dir * size * 0.5, y - size * 0.12, size * 0.09, '#1b1b1f');
  return `<g>${tail}<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(size)}" ry="${n(size * 0.5)}" fill="${colour}"/>${eye}</g>`;
}

export function waves(top: number, colour: string, random: Random): string {
  const rows: string[] = [];
  for (let y = top + 30; y < SIZE; y += 46) {
    const offset = random.between(0, 60);
    let d = `M ${n(-60 + offset)} ${n(y)}`;
    for (let x = -60 + offset; x < SIZE + 60; x += 80) d += ` q 20 -14 40 0 q 20 14 40 0`;
    rows.push(`<path d="${d}" fill="none" stroke="${colour}" stroke-width="4" stroke-opacity="0.55"/>`);
  }
  return rows.join('');
}
