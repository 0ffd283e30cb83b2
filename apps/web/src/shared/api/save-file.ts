/**
 * Hands a file to the browser as a download. A module of its own: the AI lab's first view saves
 * images and voices with it, and the authenticated downloads (download-file.ts) load with their pages.
 */
export function saveFile(blob: Blob, filename: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
