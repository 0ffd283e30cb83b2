import { HYPER3D_NAME_FIELD, HYPER3D_SCENE_FIELD, type Hyper3dScene } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import type { SceneDoc } from '../editor/scene-model';

export interface SceneSave {
  /** The account's scene to save a new version of, or null for a new scene. */
  id: string | null;
  name: string;
  doc: SceneDoc;
  /** The bytes of the files to send (a new version leaves out those the server has). */
  files: { id: string; file: Blob }[];
}

/** Saves the scene with its files as multipart (`POST` new, `PUT` a new version), reporting the upload's progress. */
export function saveScene(save: SceneSave, onProgress?: (fraction: number) => void): Promise<Hyper3dScene> {
  const form = new FormData();
  form.append(HYPER3D_NAME_FIELD, save.name);
  form.append(HYPER3D_SCENE_FIELD, JSON.stringify(save.doc));
  for (const { id, file } of save.files) form.append(id, file, save.doc.files.find((entry) => entry.id === id)?.name ?? id);
  const path = save.id ? `/api/hyper3d/scenes/${encodeURIComponent(save.id)}/` : '/api/hyper3d/scenes/';
  return apiRequest<Hyper3dScene>(path, { method: save.id ? 'PUT' : 'POST', form, onUploadProgress: onProgress });
}
