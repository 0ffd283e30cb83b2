import { loadSharp } from '../../../../core/images/sharp.js';
import type { PictureFacts } from '../jokes/picture-replies.js';
import { nameColour } from './colour-names.js';

const SAMPLE = 64;
/** A colour must cover this share of the picture to count as dominant. */
const DOMINANT_SHARE = 0.08;

/** Measures what the local engine can honestly say about a picture: size, dominant colours, brightness. */
export async function measurePicture(data: Buffer): Promise<PictureFacts> {
  const sharp = await loadSharp();
  const image = sharp(data, { failOn: 'error' });
  const { width = 0, height = 0 } = await image.metadata();
  const pixels = await image
    .clone()
    .resize(SAMPLE, SAMPLE, { fit: 'inside' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const counts = new Map<string, number>();
  let light = 0;
  const total = pixels.info.width * pixels.info.height;
  for (let offset = 0; offset < pixels.data.length; offset += pixels.info.channels) {
    const [r, g, b] = [pixels.data[offset]!, pixels.data[offset + 1]!, pixels.data[offset + 2]!];
    light += (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    const name = nameColour(r, g, b);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const colours = ranked.filter(([, count]) => count / total >= DOMINANT_SHARE).map(([name]) => name);
  return {
    width,
    height,
    brightness: total > 0 ? light / total : 0,
    colours: (colours.length > 0 ? colours : ranked.map(([name]) => name)).slice(0, 3),
  };
}
