import { childrenOf, nodeById, type SceneDoc, type SceneNode } from '../scene-model';

/** A row of the outline as shown: the node, how deep it sits, where among its siblings, and whether it is open. */
export interface OutlineRow {
  node: SceneNode;
  level: number;
  position: number;
  siblings: number;
  hasChildren: boolean;
  expanded: boolean;
}

/** The rows a person sees: every node whose parents are all open, in outline order (depth first). */
export function visibleRows(doc: SceneDoc, collapsed: ReadonlySet<string>): OutlineRow[] {
  const rows: OutlineRow[] = [];
  const walk = (parent: string | null, level: number) => {
    const siblings = childrenOf(doc, parent);
    siblings.forEach((node, i) => {
      const hasChildren = doc.nodes.some((other) => other.parent === node.id);
      const expanded = hasChildren && !collapsed.has(node.id);
      rows.push({ node, level, position: i + 1, siblings: siblings.length, hasChildren, expanded });
      if (expanded) walk(node.id, level + 1);
    });
  };
  walk(null, 1);
  return rows;
}

/** Where a keyboard move puts a node: under `parent`, before `before` (null: last). */
export interface Placement {
  parent: string | null;
  before: string | null;
}

/**
 * The keyboard's way to re-parent (Alt+arrows in the outline): up and down among its siblings, right
 * to hang under the sibling above it (last), left to leave its parent (right after it). Null when the
 * node cannot go that way.
 */
export function keyboardMove(doc: SceneDoc, id: string, direction: 'up' | 'down' | 'in' | 'out'): Placement | null {
  const node = nodeById(doc, id);
  if (!node) return null;
  const siblings = childrenOf(doc, node.parent);
  const at = siblings.findIndex((sibling) => sibling.id === id);
  if (direction === 'up') return at > 0 ? { parent: node.parent, before: siblings[at - 1]!.id } : null;
  if (direction === 'down') {
    if (at >= siblings.length - 1) return null;
    return { parent: node.parent, before: siblings[at + 2]?.id ?? null };
  }
  if (direction === 'in') return at > 0 ? { parent: siblings[at - 1]!.id, before: null } : null;
  if (node.parent === null) return null;
  const parent = nodeById(doc, node.parent)!;
  const uncles = childrenOf(doc, parent.parent);
  return { parent: parent.parent, before: uncles[uncles.findIndex((uncle) => uncle.id === parent.id) + 1]?.id ?? null };
}

/** Where a drop on a row puts the dragged node: before it (top quarter), after it (bottom quarter) or inside it. */
export type DropZone = 'before' | 'inside' | 'after';

export function dropZone(offsetY: number, height: number): DropZone {
  const fraction = height > 0 ? offsetY / height : 0.5;
  return fraction < 0.25 ? 'before' : fraction > 0.75 ? 'after' : 'inside';
}

export function dropPlacement(doc: SceneDoc, target: string, zone: DropZone): Placement | null {
  const node = nodeById(doc, target);
  if (!node) return null;
  if (zone === 'inside') return { parent: target, before: null };
  if (zone === 'before') return { parent: node.parent, before: target };
  const siblings = childrenOf(doc, node.parent);
  return { parent: node.parent, before: siblings[siblings.findIndex((sibling) => sibling.id === target) + 1]?.id ?? null };
}
