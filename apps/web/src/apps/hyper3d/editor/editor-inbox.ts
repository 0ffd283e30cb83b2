/**
 * Files handed to the editor from another page (the viewer's "Open in the editor"): kept here, in
 * memory, until the editor page opens and imports them into its scene as one step to undo.
 */
let pending: File[] | null = null;

export function sendToEditor(files: File[]): void {
  pending = [...files];
}

export function takeForEditor(): File[] | null {
  const files = pending;
  pending = null;
  return files;
}
