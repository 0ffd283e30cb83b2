import { randomUUID } from 'node:crypto';
import { POST_LIMITS } from '@portal/contracts';
import { Invalid } from '../core/domain-errors.js';
import {
  IMAGE_FORMATS,
  ImageRejected,
  processImage,
  type ImageLimits,
  type ProcessedImage,
} from '../core/images/image-processing.js';
import type { MediaStorage } from '../core/media/media-storage.js';
import type { FormFile, FormLimits } from './form-parts.js';
import type { NewAttachment } from './post-writes.repository.js';

export const POST_IMAGE_LIMITS: ImageLimits = {
  formats: IMAGE_FORMATS,
  maxBytes: POST_LIMITS.maxImageBytes,
  maxPixels: POST_LIMITS.maxImagePixels,
  maxDimension: 2048,
  thumbnailDimension: 480,
};

const MB = POST_LIMITS.maxImageBytes / 1024 / 1024;

/** Contract §5.2: files come as `images[0]`, `images[1]`, ... (any key starting with `images`). */
export const POST_FORM_LIMITS: FormLimits = {
  acceptsFile: (field) => field.startsWith('images'),
  maxFiles: POST_LIMITS.maxImages,
  maxFileBytes: POST_LIMITS.maxImageBytes,
  tooManyFiles: `A post can have at most ${POST_LIMITS.maxImages} pictures.`,
  tooLarge: `Each picture must be at most ${MB} MB.`,
};

/** Checks and re-encodes every picture before anything is stored; one bad picture refuses the post. */
export async function processPostImages(files: FormFile[]): Promise<ProcessedImage[]> {
  const images: ProcessedImage[] = [];
  for (const [index, file] of files.entries()) {
    try {
      images.push(await processImage(file.data, POST_IMAGE_LIMITS));
    } catch (error) {
      if (error instanceof ImageRejected) throw new Invalid(`Picture ${index + 1}: ${error.message}`);
      throw error;
    }
  }
  return images;
}

/** Stores pictures and thumbnails under fresh keys (never the sender's file names). */
export async function storePostImages(media: MediaStorage, images: ProcessedImage[]): Promise<NewAttachment[]> {
  const stored: NewAttachment[] = [];
  try {
    for (const image of images) {
      const id = randomUUID();
      const attachment = {
        id,
        image: `social/posts/${id}.${image.extension}`,
        thumbnail: `social/posts/${id}-thumb.${image.extension}`,
        width: image.width,
        height: image.height,
      };
      await media.put(attachment.image, image.data, image.contentType);
      stored.push(attachment);
      await media.put(attachment.thumbnail, image.thumbnail ?? image.data, image.contentType);
    }
    return stored;
  } catch (error) {
    await removeMedia(
      media,
      stored.flatMap((file) => [file.image, file.thumbnail]),
    );
    throw error;
  }
}

export async function removeMedia(media: MediaStorage, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => media.delete(key)));
}
