import { randomBytes } from 'node:crypto';
import type { MediaStorage } from '../core/media/media-storage.js';
import type { AiMediaKind, AiMediaRepository } from './ai-media.repository.js';
import { AI_MEDIA_FOLDERS, promptBaseName } from './media-names.js';

/**
 * Stores a generated file as `<folder>/<name>_<random id>.<extension>`: the prompt's name (contract
 * §10.2) keeps it readable, and 128 random bits keep anyone from guessing another person's file
 * under the public media path (issue 13, finding 8; the contract's `_v<N>` counter is dropped, see
 * docs/security.md). The row is claimed first, so two requests never write one file.
 */
export async function storeGenerated(
  media: MediaStorage,
  repo: AiMediaRepository,
  file: { kind: Exclude<AiMediaKind, 'vision'>; prompt: string; data: Buffer; extension: string; contentType: string },
  accountId: number | null,
): Promise<string> {
  const folder = AI_MEDIA_FOLDERS[file.kind];
  const base = promptBaseName(file.prompt, file.kind);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const key = `${folder}/${base}_${randomBytes(16).toString('base64url')}.${file.extension}`;
    if (!(await repo.insert(key, file.kind, accountId, file.prompt))) continue;
    try {
      await media.put(key, file.data, file.contentType);
    } catch (error) {
      await repo.remove(key);
      throw error;
    }
    return key;
  }
  throw new Error(`No free name for ${folder}/${base}`);
}
