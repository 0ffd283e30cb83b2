import { pickModel } from '../local-model/file-set';
import { loadModel, type LoadedModel } from '../local-model/model-loaders';
import type { FileSource } from './scene/file-source';

/** Loads a model node's files (the model file first, then what it refers to) with the viewer's loaders. */
export async function loadModelFiles(ids: string[], source: FileSource): Promise<LoadedModel> {
  const files = await Promise.all(ids.map(source));
  if (files.some((file) => !file)) throw new Error('Its files are not in this browser any more: import the model again.');
  const set = pickModel(files as File[]);
  if ('error' in set) throw new Error(set.error);
  return loadModel(set, () => undefined);
}
