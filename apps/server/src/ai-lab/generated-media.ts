import type { MediaStorage } from '../core/media/media-storage.js';
import type { AiMediaKind, AiMediaRepository } from './ai-media.repository.js';
import { AI_MEDIA_FOLDERS, promptBaseName, usedVersions } from './media-names.js';

/**
 * Stores a generated file as `<folder>/<name>_v<N>.<extension>` with the next free N (contract
 * §10.2). The row is claimed first, so two requests with the same prompt never write one file.
 */
export async function storeGenerated(
  media: MediaStorage,
  repo: AiMediaRepository,
  file: { kind: Exclude<AiMediaKind, 'vision'>; prompt: string; data: Buffer; extension: string; contentType: string },
  accountId: number | null,
): Promise<string> {
  const folder = AI_MEDIA_FOLDERS[file.kind];
  const base = promptBaseName(file.prompt, file.kind);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const used = usedVersions(await repo.keysStartingWith(`${folder}/${base}_v`), folder, base, file.extension);
    const key = `${folder}/${base}_v${Math.max(0, ...used) + 1}.${file.extension}`;
    if (!(await repo.insert(key, file.kind, accountId, file.prompt))) continue;
    try {
      await media.put(key, file.data, file.contentType);
    } catch (error) {
      await repo.remove(key);
      throw error;
    }
    return key;
  }
  throw new Error(`No free version for ${folder}/${base}`);
}
