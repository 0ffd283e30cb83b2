import { randomBytes } from 'node:crypto';
import { AI_LAB_LIMITS } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { Invalid, NotFound } from '../core/domain-errors.js';
import { ImageRejected, processImage } from '../core/images/image-processing.js';
import { slugify } from '../core/slugify.js';
import { createAiMediaRepository } from './ai-media.repository.js';
import type { AiCaller } from './ai-rate-limit.js';
import { AI_MEDIA_FOLDERS, bareName } from './media-names.js';

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

const LIMITS = {
  formats: ['jpeg', 'png', 'webp'],
  maxBytes: AI_LAB_LIMITS.maxImageBytes,
  maxPixels: 50_000_000,
  maxDimension: 2048,
} as const;

/**
 * Pictures uploaded for Funny Chat. Each is stored under an unguessable name, so a URL is the
 * key to it; an upload made while logged in also belongs to its account, and only that account
 * may attach or delete it.
 */
export function createVisionImagesService(deps: Pick<Deps, 'db' | 'media'>) {
  const { media } = deps;
  const repo = createAiMediaRepository(deps.db);

  return {
    /** Checks every file first and stores none unless all are pictures. */
    async upload(files: UploadedFile[], caller: AiCaller): Promise<string[]> {
      if (files.length === 0) throw new Invalid('No images provided.');
      const processed = [];
      for (const file of files) {
        try {
          processed.push({ file, image: await processImage(file.data, { ...LIMITS, formats: [...LIMITS.formats] }) });
        } catch (error) {
          if (!(error instanceof ImageRejected)) throw error;
          const label = file.filename ? `${file.filename.slice(0, 80)}: ` : '';
          throw new Invalid(`${label}${error.message}`);
        }
      }
      const urls: string[] = [];
      for (const { file, image } of processed) {
        const stem = slugify(file.filename.replace(/\.[^.]*$/, ''), 40) || 'picture';
        const key = `${AI_MEDIA_FOLDERS.vision}/${stem}-${randomBytes(16).toString('hex')}.${image.extension}`;
        await repo.insert(key, 'vision', caller.accountId);
        await media.put(key, image.data, image.contentType);
        urls.push(media.url(key));
      }
      return urls;
    },

    /** Deletes an upload of the caller's (contract §10.6). Someone else's answers as if it did not exist. */
    async remove(filename: string, caller: AiCaller): Promise<string> {
      const name = bareName(filename);
      if (!name) throw new Invalid('Invalid filename.');
      const key = `${AI_MEDIA_FOLDERS.vision}/${name}`;
      const row = await repo.find(key, 'vision');
      if (!row || (row.accountId !== null && row.accountId !== caller.accountId)) {
        throw new NotFound('File not found.');
      }
      await media.delete(key);
      await repo.remove(key);
      return `File '${name}' deleted successfully.`;
    },
  };
}

export type VisionImagesService = ReturnType<typeof createVisionImagesService>;
