import type { Hyper3dSharedScene } from '@portal/contracts';
import { ApiError } from '../../../../shared/api/api-client';
import { downloadSceneFiles, getScene, sceneFilesPath } from '../../api/get-scene';
import { saveScene } from '../../api/save-scene';
import { useEditorStore } from '../editor-store';
import { fileById, keepFile, newFileId } from '../file-store';
import { remapFiles, starterDoc } from '../scene-model';

const STARTER = JSON.stringify(starterDoc());

/** Whether the editor holds work that opening another scene would put away for good. */
export function hasUnsavedWork(): boolean {
  const { doc, remote } = useEditorStore.getState();
  return remote ? remote.savedDoc !== doc : JSON.stringify(doc) !== STARTER;
}

async function filesToSend(ids: string[]) {
  const files = [];
  for (const id of ids) {
    const file = await fileById(id);
    const name = useEditorStore.getState().doc.files.find((entry) => entry.id === id)?.name ?? id;
    if (!file) throw new Error(`"${name}" is not in this browser any more: remove it from the scene or import it again.`);
    files.push({ id, file });
  }
  return files;
}

/**
 * Saves the editor's scene to the account: a new version of the scene it came from (only the files
 * the server lacks are sent), or a new scene. The scene as it was when the save began is the saved one.
 */
export async function saveToAccount(name: string, asNew: boolean, onProgress: (fraction: number) => void): Promise<void> {
  const { doc, remote } = useEditorStore.getState();
  const id = asNew ? null : (remote?.id ?? null);
  const stored = new Set(id ? remote!.storedFiles : []);
  const send = (ids: string[]) => filesToSend(ids).then((files) => saveScene({ id, name, doc, files }, onProgress));
  let saved;
  try {
    saved = await send(doc.files.map((file) => file.id).filter((fileId) => !stored.has(fileId)));
  } catch (error) {
    // The server no longer has a file this browser thought it had: send them all.
    if (!(error instanceof ApiError && error.status === 400 && /was not sent/.test(error.message))) throw error;
    saved = await send(doc.files.map((file) => file.id));
  }
  useEditorStore
    .getState()
    .setRemote({ id: saved.id, name: saved.name, storedFiles: doc.files.map((file) => file.id), savedDoc: doc });
}

/** Opens a scene of the account in the editor; files this browser has already are not downloaded again. */
export async function openFromAccount(id: string, onProgress: (done: number, total: number) => void): Promise<string> {
  const scene = await getScene(id);
  const missing = [];
  for (const file of scene.scene.files) if ((await fileById(file.id))?.size !== file.size) missing.push(file);
  const downloaded = await downloadSceneFiles(sceneFilesPath({ id: scene.id }), missing, onProgress);
  for (const [fileId, file] of downloaded) await keepFile(fileId, file);
  useEditorStore.getState().restore(scene.scene, {
    id: scene.id,
    name: scene.name,
    storedFiles: scene.scene.files.map((file) => file.id),
    savedDoc: scene.scene,
  });
  return scene.name;
}

/** Opens a copy of a shared scene in the editor: a new scene of this browser, not linked to its owner's. */
export async function openSharedCopy(scene: Hyper3dSharedScene, files: ReadonlyMap<string, File>): Promise<void> {
  // Its files get ids of their own: a shared scene's ids are someone else's and must never stand for this browser's files.
  const ids = new Map(scene.scene.files.map((file) => [file.id, newFileId()]));
  for (const [old, fresh] of ids) {
    const file = files.get(old);
    if (file) await keepFile(fresh, file);
  }
  useEditorStore.getState().restore(remapFiles(scene.scene, ids), null);
}
