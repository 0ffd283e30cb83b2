import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for the built web app (`WEB_DIST_DIR`) in a temporary folder: each file by its path
 * inside the build, so the server's web-app rules can be checked without `npm run build`.
 */
export async function fakeWebDist(files: Record<string, string | Buffer>): Promise<{ dir: string; remove(): Promise<void> }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
  const dir = path.join(root, 'dist');
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), content);
  }
  return { dir, remove: () => fs.rm(root, { recursive: true, force: true }) };
}
