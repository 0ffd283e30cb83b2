import { hyper3dDocumentSchema, filesOfNode } from '@portal/contracts';
import { z } from 'zod';
import { keepInBrowser } from '../storage/scene-storage';
import { useEditorStore, type RemoteScene } from './editor-store';
import { forgetFilesExcept } from './file-store';
import type { SceneDoc } from './scene-model';

/** What this browser keeps of the editor: the scene, and which scene of the account it is, if any. */
interface Kept {
  doc: SceneDoc;
  remote: RemoteScene | null;
}

const keptSchema = z.object({
  app: z.literal('hyper3d'),
  kind: z.literal('editor'),
  version: z.literal(1),
  scene: hyper3dDocumentSchema,
  remote: z
    .object({
      id: z.string().max(64),
      name: z.string().max(100),
      storedFiles: z.array(z.string().max(64)).max(64),
      saved: z.boolean(),
    })
    .nullable(),
});

export function serializeKept({ doc, remote }: Kept): string {
  return JSON.stringify({
    app: 'hyper3d',
    kind: 'editor',
    version: 1,
    scene: doc,
    remote: remote && { id: remote.id, name: remote.name, storedFiles: remote.storedFiles, saved: remote.savedDoc === doc },
  });
}

export function parseKept(text: string): Kept | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const read = keptSchema.safeParse(json);
  if (!read.success) return null;
  const { scene, remote } = read.data;
  return {
    doc: scene,
    remote: remote && {
      id: remote.id,
      name: remote.name,
      storedFiles: remote.storedFiles,
      savedDoc: remote.saved ? scene : null,
    },
  };
}

/** Keeps the editor's scene in this browser (its files are kept as they are imported, see file-store.ts). */
export function keepEditorInBrowser(onReady: () => void): () => void {
  let last: Kept | null = null;
  const current = (): Kept => {
    const { doc, remote } = useEditorStore.getState();
    if (last?.doc !== doc || last.remote !== remote) last = { doc, remote };
    return last;
  };
  return keepInBrowser<Kept>({
    kind: 'editor',
    current,
    subscribe: (listener) => useEditorStore.subscribe(listener),
    restore: ({ doc, remote }) => useEditorStore.getState().restore(doc, remote),
    serialize: serializeKept,
    parse: parseKept,
    onReady: () => {
      // The history starts afresh here: files no step can bring back are freed.
      void forgetFilesExcept(new Set(useEditorStore.getState().doc.nodes.flatMap(filesOfNode))).finally(onReady);
    },
  });
}
