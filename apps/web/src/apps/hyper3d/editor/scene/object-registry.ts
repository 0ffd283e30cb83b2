import type { Object3D } from 'three';

/** Each node's object in the view, by node id: what the gizmo, the selection box and "look through" act on. */
const objects = new Map<string, Object3D>();
const listeners = new Set<() => void>();

export function registerObject(id: string, object: Object3D | null): void {
  if (object) objects.set(id, object);
  else objects.delete(id);
  listeners.forEach((listener) => listener());
}

export const objectOf = (id: string | null) => (id === null ? undefined : objects.get(id));

export function onObjectsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The node id of the object a pointer hit: the nearest parent that is a node's own object. */
export function nodeIdOf(object: Object3D | null): string | null {
  for (let current = object; current; current = current.parent) {
    if (current.userData.editorHelper) return null;
    if (typeof current.userData.nodeId === 'string') return current.userData.nodeId;
  }
  return null;
}

/** Whether the object is part of a helper only the editor draws (the gizmo, light and camera helpers). */
export function isEditorHelper(object: Object3D | null): boolean {
  for (let current = object; current; current = current.parent) if (current.userData.editorHelper) return true;
  return false;
}
