import { IMAGE_FORMATS, processImage } from '../../core/images/image-processing.js';
import type { MediaStorage } from '../../core/media/media-storage.js';
import { POST_IMAGE_LIMITS } from '../../social/post-images.js';
import { COLOURS } from '../demo-taberna-content.js';
import { renderProductArt, type ArtShape } from '../product-art.js';
import { avatarSvg, rasterize, SCENES, sceneSvg, seededRandom } from '../social-art.js';
import { PRODUCT_KINDS } from './scale-content.js';

/** A post picture as the rows that show it refer to it: the stored file, its thumbnail and its size. */
export interface ScalePicture {
  image: string;
  thumbnail: string;
  width: number;
  height: number;
}

/** The few files every generated row shares: avatars, post pictures, and per category kind product pictures. */
export interface ScalePictures {
  avatars: string[];
  posts: ScalePicture[];
  /** One list of pictures per entry of `PRODUCT_KINDS`. */
  products: string[][];
}

const AVATARS = 16;
const POST_PICTURES = 8;
const PRODUCT_PICTURES_PER_KIND = 3;

/**
 * Draws a small set of pictures once (a second run finds them stored and draws nothing) and
 * stores them under fixed `scale` keys: thousands of rows then refer to the same few files, as the
 * issue asks (the media folder stays small, and the bench measures the database, not the disk).
 */
export async function storeScalePictures(media: MediaStorage): Promise<ScalePictures> {
  const random = seededRandom(24);
  const avatars: string[] = [];
  for (let n = 0; n < AVATARS; n += 1) {
    const key = `social/avatars/scale-${n}.webp`;
    if (!(await media.exists(key))) {
      const image = await processImage(await rasterize(avatarSvg((n * 360) / AVATARS, random)), {
        formats: IMAGE_FORMATS,
        maxBytes: 5_000_000,
        maxPixels: 1_000_000,
        maxDimension: 256,
      });
      await media.put(key, image.data, image.contentType);
    }
    avatars.push(key);
  }
  const posts: ScalePicture[] = [];
  for (let n = 0; n < POST_PICTURES; n += 1) {
    const image = `social/posts/scale-${n}.webp`;
    const thumbnail = `social/posts/scale-${n}-thumb.webp`;
    const processed = await processImage(await rasterize(sceneSvg(SCENES[n % SCENES.length]!, random)), POST_IMAGE_LIMITS);
    if (!(await media.exists(image))) {
      await media.put(image, processed.data, processed.contentType);
      await media.put(thumbnail, processed.thumbnail ?? processed.data, processed.contentType);
    }
    posts.push({ image, thumbnail, width: processed.width, height: processed.height });
  }
  const colours = Object.values(COLOURS);
  const products: string[][] = [];
  for (const [kind, { shape }] of PRODUCT_KINDS.entries()) {
    const keys: string[] = [];
    for (let n = 0; n < PRODUCT_PICTURES_PER_KIND; n += 1) {
      const key = `store/products/scale-${kind}-${n}.webp`;
      if (!(await media.exists(key))) {
        const art = await renderProductArt({
          shape: shape as ArtShape,
          fill: colours[(kind * 5 + n * 3) % colours.length]!,
          accent: '#fffaf0',
          background: ['#f4efe6', '#e4ddd0'],
        });
        await media.put(key, art, 'image/webp');
      }
      keys.push(key);
    }
    products.push(keys);
  }
  return { avatars, posts, products };
}
