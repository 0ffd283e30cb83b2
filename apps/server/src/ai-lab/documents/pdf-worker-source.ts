/**
 * The worker that reads a PDF's text with unpdf (pdf.js built for servers, worker and fonts inside the
 * package: nothing is fetched). A PDF is a program of sorts: a hostile one can take long or much
 * memory, so it is read off the main thread, with a memory cap and a time limit (pdf-text.ts). It is
 * a source string run with `eval: true`, so it works the same from TypeScript sources and the build.
 */
export const PDF_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { getDocumentProxy } = await import(workerData.moduleUrl);
  const pdf = await getDocumentProxy(new Uint8Array(workerData.data), {
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
    verbosity: 0,
  });
  const pages = pdf.numPages;
  if (pages > workerData.maxPages) {
    parentPort.postMessage({ pages });
    return;
  }
  let title = '';
  try {
    const { info } = await pdf.getMetadata();
    if (info && typeof info.Title === 'string') title = info.Title;
  } catch {}
  const texts = [];
  let length = 0;
  for (let number = 1; number <= pages && length < workerData.maxCharacters; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (typeof item.str !== 'string') continue;
      text += item.str;
      if (item.hasEOL) text += '\\n';
    }
    texts.push(text.trim());
    length += text.length;
    page.cleanup();
  }
  await pdf.destroy();
  parentPort.postMessage({ pages, title, text: texts.join('\\n\\n') });
})().catch((error) => parentPort.postMessage({ error: String((error && error.name) || 'Error'), message: String((error && error.message) || error) }));
`;
