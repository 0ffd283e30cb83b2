/**
 * A conversation's messages form a tree: editing a question adds a sibling question under the same
 * parent, regenerating an answer a sibling answer, so every earlier branch is kept (as Open WebUI
 * keeps its `history.messages` with parent ids). What is shown is one branch: the path from the
 * root to a leaf; switching to another version of a message shows it with its newest continuation.
 */
export interface TreeNode {
  seq: number;
  parentSeq: number | null;
}

export interface Versioned<T> {
  node: T;
  /** 1-based position among its siblings (oldest first). */
  version: number;
  versions: number;
}

/** The messages as a tree: children by parent (null for the first messages), each list oldest first. */
export class ConversationTree<T extends TreeNode> {
  private readonly bySeq = new Map<number, T>();
  private readonly children = new Map<number | null, T[]>();

  constructor(nodes: readonly T[]) {
    const ordered = [...nodes].sort((a, b) => a.seq - b.seq);
    for (const node of ordered) {
      this.bySeq.set(node.seq, node);
      const siblings = this.children.get(node.parentSeq) ?? [];
      siblings.push(node);
      this.children.set(node.parentSeq, siblings);
    }
  }

  get(seq: number): T | undefined {
    return this.bySeq.get(seq);
  }

  /** The node and the others written in its place, oldest first. */
  siblings(node: T): T[] {
    return this.children.get(node.parentSeq) ?? [node];
  }

  /** The end of the newest continuation below a node (the node itself when nothing follows it). */
  newestLeaf(node: T): T {
    let leaf = node;
    for (;;) {
      const next = this.children.get(leaf.seq)?.at(-1);
      if (!next) return leaf;
      leaf = next;
    }
  }

  /** The newest message of all: the branch shown when none was chosen. */
  latest(): T | undefined {
    let latest: T | undefined;
    for (const node of this.bySeq.values()) if (!latest || node.seq > latest.seq) latest = node;
    return latest;
  }

  /** The branch ending at `leaf` (or at the newest message), oldest first, with each message's version. */
  branch(leafSeq: number | null | undefined): Versioned<T>[] {
    const leaf = (leafSeq != null ? this.bySeq.get(leafSeq) : undefined) ?? this.latest();
    const path: Versioned<T>[] = [];
    for (let node = leaf; node; node = node.parentSeq === null ? undefined : this.bySeq.get(node.parentSeq)) {
      const siblings = this.siblings(node);
      path.push({ node, version: siblings.indexOf(node) + 1, versions: siblings.length });
    }
    return path.reverse();
  }
}
