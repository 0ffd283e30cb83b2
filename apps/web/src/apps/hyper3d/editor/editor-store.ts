import type {
  Hyper3dCamera,
  Hyper3dFile,
  Hyper3dLight,
  Hyper3dLightKind,
  Hyper3dMaterial,
  Hyper3dModelFormat,
  Hyper3dShape,
} from '@portal/contracts';
import { create } from 'zustand';
import { emptyHistory, record, redo, undo, type History, type Merge } from '../history/history';
import type { GizmoMode } from '../scene/transform-gizmo';
import {
  addNodes,
  ancestorsOf,
  moveNode,
  newCamera,
  newFigure,
  newGroup,
  newLight,
  newModel,
  nodeById,
  removeNode,
  starterDoc,
  updateNode,
  type NodeOf,
  type SceneDoc,
  type SceneNode,
  type Vec3,
} from './scene-model';

export type Transform = Partial<Pick<SceneNode, 'position' | 'rotation' | 'scale'>>;

/** The account's copy of the scene, when it was opened from or saved to the server. */
export interface RemoteScene {
  id: string;
  name: string;
  /** Files the server has for it (a new version sends only the others). */
  storedFiles: string[];
  /** The document as last saved or opened; the scene has unsaved changes while it differs. */
  savedDoc: SceneDoc | null;
}

interface EditorState {
  doc: SceneDoc;
  history: History<SceneDoc>;
  selectedId: string | null;
  /** Outline rows closed by the person (every row with children is open otherwise). */
  collapsed: ReadonlySet<string>;
  /** The camera the view looks through, or null for the editor's own. */
  lookThrough: string | null;
  gizmo: GizmoMode;
  remote: RemoteScene | null;
  select: (id: string | null) => void;
  setExpanded: (id: string, open: boolean) => void;
  setLookThrough: (id: string | null) => void;
  setGizmo: (mode: GizmoMode) => void;
  setRemote: (remote: RemoteScene | null) => void;
  // Commands: each is one step to undo.
  addFigure: (shape: Hyper3dShape) => void;
  addLight: (kind: Hyper3dLightKind) => void;
  addCamera: () => void;
  addGroup: () => void;
  addModel: (name: string, format: Hyper3dModelFormat, files: Hyper3dFile[]) => void;
  remove: (id: string) => void;
  rename: (id: string, name: string) => void;
  setVisible: (id: string, visible: boolean) => void;
  setLocked: (id: string, locked: boolean) => void;
  move: (id: string, parent: string | null, before?: string | null) => void;
  transform: (id: string, changes: Transform, verb: string) => void;
  setMaterial: (id: string, changes: Partial<Hyper3dMaterial>, what: string) => void;
  /** A texture image for a figure (its file kept with the scene), or none. */
  setTexture: (id: string, file: Hyper3dFile | null) => void;
  setLight: (id: string, changes: Partial<Hyper3dLight>, what: string) => void;
  setCamera: (id: string, changes: Partial<Hyper3dCamera>, what: string) => void;
  undo: () => void;
  redo: () => void;
  /**
   * Another scene in place of this one: read back from this browser, opened from the account, or a
   * copy of a shared one. Like opening a file, not a step to undo: the history starts afresh.
   */
  restore: (doc: SceneDoc, remote: RemoteScene | null) => void;
}

const newNodeId = () => crypto.randomUUID();
const isLocked = (doc: SceneDoc, id: string) => nodeById(doc, id)?.locked === true;
const same = (a: Vec3, b: Vec3) => a.every((value, i) => value === b[i]);

export const useEditorStore = create<EditorState>()((set, get) => {
  const command = (label: string, next: SceneDoc, extra: Partial<EditorState> = {}, merge?: Omit<Merge, 'at'>) => {
    const { doc, history } = get();
    if (next === doc) return;
    set({ doc: next, history: record(history, doc, label, merge && { ...merge, at: Date.now() }), ...extra });
  };
  const keep = (doc: SceneDoc, id: string | null) => (id && nodeById(doc, id) ? id : null);
  const step = (how: typeof undo) => {
    const { doc, history, selectedId, lookThrough } = get();
    const result = how(history, doc);
    if (!result) return;
    const camera = keep(result.state, lookThrough);
    set({
      doc: result.state,
      history: result.history,
      selectedId: keep(result.state, selectedId),
      lookThrough: camera && nodeById(result.state, camera)?.type === 'camera' ? camera : null,
    });
  };
  const add = (node: SceneNode, files: Hyper3dFile[] = [], verb = 'Add') =>
    command(`${verb} ${node.name}`, addNodes(get().doc, [node], files), { selectedId: node.id });
  /** Changes an unlocked node of the given type; `merge` joins a run of changes of one field into one step. */
  const change = <T extends SceneNode['type']>(
    id: string,
    type: T,
    label: (node: NodeOf<T>) => string,
    update: (node: NodeOf<T>) => NodeOf<T>,
    merge?: string,
  ) => {
    const { doc } = get();
    const node = nodeById(doc, id);
    if (!node || node.type !== type || node.locked) return;
    command(label(node as NodeOf<T>), updateNode<NodeOf<T>>(doc, id, update), {}, merge ? { key: `${id}:${merge}` } : undefined);
  };

  return {
    doc: starterDoc(),
    history: emptyHistory(),
    selectedId: null,
    collapsed: new Set(),
    lookThrough: null,
    gizmo: 'translate',
    remote: null,
    select: (id) =>
      set(({ doc, collapsed }) => {
        const selectedId = keep(doc, id);
        if (!selectedId) return { selectedId };
        // The outline opens the way to what is picked in the view.
        const open = new Set(collapsed);
        ancestorsOf(doc, selectedId).forEach((ancestor) => open.delete(ancestor));
        return { selectedId, collapsed: open.size === collapsed.size ? collapsed : open };
      }),
    setExpanded: (id, open) =>
      set(({ collapsed }) => {
        const next = new Set(collapsed);
        if (open) next.delete(id);
        else next.add(id);
        return { collapsed: next };
      }),
    setLookThrough: (id) => set(({ doc }) => ({ lookThrough: id && nodeById(doc, id)?.type === 'camera' ? id : null })),
    setGizmo: (gizmo) => set({ gizmo }),
    setRemote: (remote) => set({ remote }),
    addFigure: (shape) => add(newFigure(get().doc, shape, newNodeId())),
    addLight: (kind) => add(newLight(get().doc, kind, newNodeId())),
    addCamera: () => add(newCamera(get().doc, newNodeId())),
    addGroup: () => add(newGroup(get().doc, newNodeId())),
    addModel: (name, format, files) =>
      add(
        newModel(
          get().doc,
          newNodeId(),
          name,
          format,
          files.map((file) => file.id),
        ),
        files,
        'Import',
      ),
    remove: (id) => {
      const { doc, selectedId, lookThrough } = get();
      const node = nodeById(doc, id);
      if (!node || node.locked) return;
      const next = removeNode(doc, id);
      command(`Remove ${node.name}`, next, { selectedId: keep(next, selectedId), lookThrough: keep(next, lookThrough) });
    },
    rename: (id, name) => {
      const { doc } = get();
      const node = nodeById(doc, id);
      const trimmed = name.trim().slice(0, 60);
      if (!node || node.locked || !trimmed || trimmed === node.name) return;
      command(
        `Rename ${node.name} to ${trimmed}`,
        updateNode(doc, id, (current) => ({ ...current, name: trimmed })),
      );
    },
    setVisible: (id, visible) => {
      const { doc } = get();
      const node = nodeById(doc, id);
      if (!node || node.visible === visible) return;
      command(
        `${visible ? 'Show' : 'Hide'} ${node.name}`,
        updateNode(doc, id, (current) => ({ ...current, visible })),
      );
    },
    setLocked: (id, locked) => {
      const { doc } = get();
      const node = nodeById(doc, id);
      if (!node || node.locked === locked) return;
      command(
        `${locked ? 'Lock' : 'Unlock'} ${node.name}`,
        updateNode(doc, id, (current) => ({ ...current, locked })),
      );
    },
    move: (id, parent, before = null) => {
      const { doc } = get();
      const node = nodeById(doc, id);
      if (!node || isLocked(doc, id)) return;
      const into = nodeById(doc, parent);
      command(
        node.parent === parent ? `Reorder ${node.name}` : `Move ${node.name} ${into ? `into ${into.name}` : 'to the top'}`,
        moveNode(doc, id, parent, before),
      );
    },
    transform: (id, changes, verb) => {
      const { doc } = get();
      const node = nodeById(doc, id);
      if (!node || node.locked) return;
      const next = { ...node, ...changes };
      if (same(next.position, node.position) && same(next.rotation, node.rotation) && same(next.scale, node.scale)) return;
      command(
        `${verb} ${node.name}`,
        updateNode(doc, id, () => next),
      );
    },
    setMaterial: (id, changes, what) =>
      change(
        id,
        'figure',
        (node) => `${what} of ${node.name}`,
        (node) => ({ ...node, material: { ...node.material, ...changes } }),
        `material:${what}`,
      ),
    setTexture: (id, file) => {
      const { doc } = get();
      const node = nodeById(doc, id);
      if (node?.type !== 'figure' || node.locked || node.material.map === (file?.id ?? null)) return;
      const next = updateNode<NodeOf<'figure'>>(addNodes(doc, [], file ? [file] : []), id, (figure) => ({
        ...figure,
        material: { ...figure.material, map: file?.id ?? null },
      }));
      command(file ? `Texture ${file.name} on ${node.name}` : `Remove the texture of ${node.name}`, next);
    },
    setLight: (id, changes, what) =>
      change(
        id,
        'light',
        (node) => `${what} of ${node.name}`,
        (node) => ({ ...node, light: { ...node.light, ...changes } }),
        `light:${what}`,
      ),
    setCamera: (id, changes, what) =>
      change(
        id,
        'camera',
        (node) => `${what} of ${node.name}`,
        (node) => ({ ...node, camera: { ...node.camera, ...changes } }),
        `camera:${what}`,
      ),
    undo: () => step(undo),
    redo: () => step(redo),
    restore: (doc, remote) =>
      set({ doc, history: emptyHistory(), selectedId: null, lookThrough: null, collapsed: new Set(), remote }),
  };
});

/** The selected node, if any. */
export const useSelectedNode = () => useEditorStore((state) => nodeById(state.doc, state.selectedId));
