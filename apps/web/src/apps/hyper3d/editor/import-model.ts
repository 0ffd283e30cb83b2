import type { Hyper3dFile, Hyper3dModelFormat } from '@portal/contracts';
import { create } from 'zustand';
import { pickModel } from '../local-model/file-set';
import { useEditorStore } from './editor-store';
import { keepFile, newFileId } from './file-store';

/** Most files one model may bring (the model file, its buffers, material library and textures). */
const MAX_MODEL_FILES = 16;

export interface ImportedModel {
  name: string;
  format: Hyper3dModelFormat;
  files: Hyper3dFile[];
}

/**
 * Keeps the files of a model a person opened (the model file first) in the editor's store, after
 * checking that they load: a file that is not a model never reaches the scene.
 */
export async function importModel(opened: File[]): Promise<ImportedModel | { error: string }> {
  const set = pickModel(opened);
  if ('error' in set) return set;
  const ordered = [set.main, ...opened.filter((file) => file !== set.main)];
  if (ordered.length > MAX_MODEL_FILES) {
    return { error: `A model brings at most ${MAX_MODEL_FILES} files; ${ordered.length} were opened together.` };
  }
  try {
    // The loaders come with three.js: fetched when the first model is imported.
    const { loadModel } = await import('../local-model/model-loaders');
    (await loadModel(set, () => undefined)).release();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const files: Hyper3dFile[] = [];
  for (const file of ordered) {
    const id = newFileId();
    await keepFile(id, file);
    files.push({ id, name: file.name.slice(0, 200), size: file.size });
  }
  return { name: set.main.name, format: set.format, files };
}

/** Keeps a texture image; answers its file entry for the scene. */
export async function importTexture(file: File): Promise<Hyper3dFile | { error: string }> {
  if (!/^image\/(png|jpeg|webp|gif)$/.test(file.type) && !/\.(png|jpe?g|webp|gif)$/i.test(file.name)) {
    return { error: `"${file.name}" is not a PNG, JPEG, WebP or GIF picture.` };
  }
  const id = newFileId();
  await keepFile(id, file);
  return { id, name: file.name.slice(0, 200), size: file.size };
}

/** What the toolbar shows while a model is imported, and why the last import failed. */
export const useImportStatus = create<{ importing: string | null; error: string | null }>()(() => ({
  importing: null,
  error: null,
}));

/** Imports the files a person opened (or the viewer handed over) into the scene: one step to undo. */
export async function importModelIntoScene(opened: File[]): Promise<void> {
  useImportStatus.setState({ importing: opened[0]?.name ?? 'the model', error: null });
  const result = await importModel(opened);
  if ('error' in result) {
    useImportStatus.setState({ importing: null, error: result.error });
    return;
  }
  useEditorStore.getState().addModel(result.name, result.format, result.files);
  useImportStatus.setState({ importing: null });
}
