import { useSyncExternalStore } from 'react';
import { objectOf, onObjectsChanged } from './object-registry';

/** The object in the view of a node (undefined until it is drawn). */
export function useNodeObject(id: string | null) {
  return useSyncExternalStore(onObjectsChanged, () => objectOf(id));
}
