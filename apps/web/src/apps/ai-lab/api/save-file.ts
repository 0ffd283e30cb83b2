/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, filename: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** The file name of a media URL: its URL-decoded last segment. */
export const fileNameOf = (url: string) =>
  decodeURIComponent(new URL(url, window.location.href).pathname.split('/').at(-1) ?? '');
