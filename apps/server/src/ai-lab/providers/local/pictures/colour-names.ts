/** Hue, saturation and lightness of an sRGB colour (hue in degrees, the others 0..1). */
export function toHsl(r: number, g: number, b: number): { h: number; s: number; l: number } {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === rn) h = ((gn - bn) / d) % 6;
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return { h: (h * 60 + 360) % 360, s, l };
}

/** The everyday name of a colour: what a person would call it in one word. */
export function nameColour(r: number, g: number, b: number): string {
  const { h, s, l } = toHsl(r, g, b);
  if (l < 0.12) return 'black';
  if (l > 0.92) return 'white';
  if (s < 0.18) return l < 0.3 ? 'black' : l > 0.8 ? 'white' : 'grey';
  if (h < 15 || h >= 345) return l > 0.7 ? 'pink' : 'red';
  if (h < 40) return l < 0.4 ? 'brown' : 'orange';
  if (h < 68) return l < 0.3 ? 'brown' : 'yellow';
  if (h < 160) return 'green';
  if (h < 195) return 'teal';
  if (h < 255) return 'blue';
  if (h < 290) return 'purple';
  return 'pink';
}
