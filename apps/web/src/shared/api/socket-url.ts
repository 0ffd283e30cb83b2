/** The websocket address of a server path, on this page's host (`wss:` when the page is https). */
export function socketUrl(path: string): string {
  return `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}${path}`;
}
