/**
 * This response's CSP nonce: the server puts it in a meta tag of `index.html` (style-src allows
 * `<style>` elements carrying it). Undefined when the page was not served by the portal (the
 * placeholder is still there, as under the dev server).
 */
function readNonce(): string | undefined {
  // On the server (entry-server.tsx) each render has its own Emotion cache with the response's nonce.
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return content && !content.startsWith('__') ? content : undefined;
}

export const cspNonce = readNonce();
