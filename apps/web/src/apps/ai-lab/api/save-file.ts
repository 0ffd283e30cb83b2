export { saveFile } from '../../../shared/api/save-file';

/** The file name of a media URL: its URL-decoded last segment. */
export const fileNameOf = (url: string) =>
  decodeURIComponent(new URL(url, window.location.href).pathname.split('/').at(-1) ?? '');
