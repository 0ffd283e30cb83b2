import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `.vite/chunk-modules.json`: for every JavaScript chunk, the source modules inside it.
 * Tests use it to prove what a page loads (the landing page carries no other app's code).
 */
export function chunkReport(): Plugin {
  let root = process.cwd();
  return {
    name: 'portal-chunk-report',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const report: Record<string, string[]> = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        report[fileName] = output.moduleIds.map((id) => path.relative(root, id.replace(/\?.*$/, '')).split(path.sep).join('/'));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(report, null, 1) });
    },
  };
}
