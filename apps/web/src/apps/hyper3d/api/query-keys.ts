/** Hyper 3D's React Query keys: built only here (eslint refuses a literal key elsewhere). */

/** Every query about the account's scenes starts with this key, so one invalidation refreshes them all. */
export const scenesKey = ['hyper3d', 'scenes'] as const;
export const sceneListKey = [...scenesKey, 'list'] as const;
export const sharedSceneKey = (token: string) => ['hyper3d', 'shared', token] as const;
export const sharedSceneFilesKey = (token: string) => ['hyper3d', 'shared', token, 'files'] as const;
