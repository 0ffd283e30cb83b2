/** `#rrggbb` colour arithmetic for the scenes' pure logic (no three.js needed). */
/** Linear mix of two `#rrggbb` colours; `amount` 0 gives `a`, 1 gives `b`. */
export function mixHex(a: string, b: string, amount: number): string {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  const mix = (x: number, y: number) => Math.round(x + (y - x) * amount);
  return rgbToHex(mix(ar, br), mix(ag, bg), mix(ab, bb));
}

export function hexToRgb(hex: string): [number, number, number] {
  const value = /^#?([0-9a-f]{6})$/i.exec(hex.trim())?.[1] ?? '000000';
  const n = parseInt(value, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function rgbToHex(r: number, g: number, b: number): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.min(255, Math.max(0, Math.round(c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export const isHexColor = (value: string) => /^#[0-9a-f]{6}$/i.test(value);
