import type { Hyper3dFile, Hyper3dScene, Hyper3dSharedScene } from '@portal/contracts';
import { apiRequest, apiResponse } from '../../../shared/api/api-client';

export function getScene(id: string): Promise<Hyper3dScene> {
  return apiRequest<Hyper3dScene>(`/api/hyper3d/scenes/${encodeURIComponent(id)}/`);
}

export function getSharedScene(token: string): Promise<Hyper3dSharedScene> {
  return apiRequest<Hyper3dSharedScene>(`/api/hyper3d/shared/${encodeURIComponent(token)}/`);
}

/** Where a scene's files are read: an account scene's (its owner only) or a shared one's (anyone with the link). */
export const sceneFilesPath = (scene: { id: string } | { token: string }) =>
  'id' in scene
    ? `/api/hyper3d/scenes/${encodeURIComponent(scene.id)}/files/`
    : `/api/hyper3d/shared/${encodeURIComponent(scene.token)}/files/`;

/** Downloads the files a scene lists, one after another, reporting how many are done. */
export async function downloadSceneFiles(
  base: string,
  files: Hyper3dFile[],
  onProgress: (done: number, total: number) => void,
): Promise<Map<string, File>> {
  const downloaded = new Map<string, File>();
  onProgress(0, files.length);
  for (const file of files) {
    const response = await apiResponse(`${base}${encodeURIComponent(file.id)}/`);
    downloaded.set(file.id, new File([await response.blob()], file.name));
    onProgress(downloaded.size, files.length);
  }
  return downloaded;
}
