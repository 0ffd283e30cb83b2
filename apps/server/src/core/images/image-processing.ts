import type { Metadata } from 'sharp';
import { loadSharp } from './sharp.js';

export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export interface ImageLimits {
  /** Formats accepted, recognised by content (never by name or declared type). */
  formats: readonly ImageFormat[];
  maxBytes: number;
  maxPixels: number;
  /** The longest side of the stored picture. */
  maxDimension: number;
  /** The longest side of the thumbnail; none when omitted. */
  thumbnailDimension?: number;
}

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
  thumbnail?: Buffer;
  /** Stored pictures are WebP. */
  extension: 'webp';
  contentType: 'image/webp';
}

/** Why an upload was refused, in words for the person who sent it. */
export class ImageRejected extends Error {
  override name = 'ImageRejected';
}

const FORMAT_NAMES: Record<ImageFormat, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', gif: 'GIF' };

/**
 * Checks an uploaded picture by its content and limits, then re-encodes it: metadata (EXIF, GPS,
 * ICC comments) dropped, oriented upright, scaled down to `maxDimension`, stored as WebP; an
 * animated GIF keeps only its first frame.
 */
export async function processImage(input: Buffer, limits: ImageLimits): Promise<ProcessedImage> {
  const allowed = limits.formats.map((format) => FORMAT_NAMES[format]).join(', ');
  if (input.length > limits.maxBytes) {
    throw new ImageRejected(`The picture is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB.`);
  }
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new ImageRejected(`This file is not a picture. Send ${allowed}.`);
  }
  if (!limits.formats.includes(metadata.format as ImageFormat)) {
    throw new ImageRejected(`Pictures must be ${allowed}; this file is ${metadata.format?.toUpperCase() ?? 'something else'}.`);
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels === 0) throw new ImageRejected('The picture has no size.');
  if (pixels > limits.maxPixels) {
    throw new ImageRejected(`The picture has more than ${Math.round(limits.maxPixels / 1_000_000)} megapixels.`);
  }
  try {
    const base = () => sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'error' }).rotate();
    const { data, info } = await base()
      .resize({ width: limits.maxDimension, height: limits.maxDimension, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 84 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = limits.thumbnailDimension
      ? await base()
          .resize({
            width: limits.thumbnailDimension,
            height: limits.thumbnailDimension,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp({ quality: 78 })
          .toBuffer()
      : undefined;
    return { data, width: info.width, height: info.height, thumbnail, extension: 'webp', contentType: 'image/webp' };
  } catch {
    throw new ImageRejected('The picture is damaged and cannot be read.');
  }
}
