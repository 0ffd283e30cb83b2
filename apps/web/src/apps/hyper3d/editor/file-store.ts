import { del, get, keys, set } from 'idb-keyval';

/**
 * The bytes of the scene's files (imported models, textures), by the id the scene document gives them.
 * Kept in memory while the page is open and in this browser's IndexedDB beside the scene, so that a
 * reload finds them. A file's bytes never change under its id.
 */
const PREFIX = 'hyper3d:file:';
const memory = new Map<string, File>();
const hasIndexedDb = () => typeof indexedDB !== 'undefined';

export const newFileId = () => crypto.randomUUID();

export async function keepFile(id: string, file: File): Promise<void> {
  memory.set(id, file);
  if (hasIndexedDb()) await set(PREFIX + id, file).catch(() => undefined);
}

/** The file's bytes with its name, or undefined when this browser does not have them. */
export async function fileById(id: string): Promise<File | undefined> {
  const known = memory.get(id);
  if (known || !hasIndexedDb()) return known;
  const stored = await get<File>(PREFIX + id).catch(() => undefined);
  if (stored instanceof Blob) {
    const file = stored instanceof File ? stored : new File([stored], id);
    memory.set(id, file);
    return file;
  }
  return undefined;
}

/** Frees the stored files no scene step uses any more (called when the history starts afresh). */
export async function forgetFilesExcept(used: ReadonlySet<string>): Promise<void> {
  for (const id of [...memory.keys()]) if (!used.has(id)) memory.delete(id);
  if (!hasIndexedDb()) return;
  const stored = await keys().catch(() => [] as IDBValidKey[]);
  for (const key of stored) {
    if (typeof key === 'string' && key.startsWith(PREFIX) && !used.has(key.slice(PREFIX.length)))
      await del(key).catch(() => undefined);
  }
}
