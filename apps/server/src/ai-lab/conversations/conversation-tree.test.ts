import { describe, expect, it } from 'vitest';
import { ConversationTree } from './conversation-tree.js';

const node = (seq: number, parentSeq: number | null) => ({ seq, parentSeq });
const seqs = (branch: { node: { seq: number }; version: number; versions: number }[]) =>
  branch.map(({ node: { seq }, version, versions }) => `${seq}:${version}/${versions}`);

describe('a conversation tree', () => {
  // 1 question, 2 its answer, 3 a follow-up, 4 its answer; 5 an edit of 3 with answer 6; 7 another answer to 5.
  const tree = new ConversationTree([node(1, null), node(2, 1), node(3, 2), node(4, 3), node(5, 2), node(6, 5), node(7, 5)]);

  it('shows the newest branch when none is chosen, with the versions of each message', () => {
    expect(seqs(tree.branch(null))).toEqual(['1:1/1', '2:1/1', '5:2/2', '7:2/2']);
  });

  it('shows the branch ending at a chosen message', () => {
    expect(seqs(tree.branch(4))).toEqual(['1:1/1', '2:1/1', '3:1/2', '4:1/1']);
    expect(seqs(tree.branch(6))).toEqual(['1:1/1', '2:1/1', '5:2/2', '6:1/2']);
  });

  it('continues a message with its newest descendants', () => {
    expect(tree.newestLeaf(tree.get(3)!).seq).toBe(4);
    expect(tree.newestLeaf(tree.get(2)!).seq).toBe(7);
    expect(tree.newestLeaf(tree.get(7)!).seq).toBe(7);
    expect(tree.siblings(tree.get(6)!).map((n) => n.seq)).toEqual([6, 7]);
  });

  it('falls back to the newest branch when the chosen message is gone, and is empty without messages', () => {
    expect(seqs(tree.branch(99))).toEqual(['1:1/1', '2:1/1', '5:2/2', '7:2/2']);
    expect(new ConversationTree([]).branch(null)).toEqual([]);
  });

  it('counts first questions edited at the root as versions too', () => {
    const edited = new ConversationTree([node(1, null), node(2, 1), node(3, null), node(4, 3)]);
    expect(seqs(edited.branch(null))).toEqual(['3:2/2', '4:1/1']);
    expect(seqs(edited.branch(2))).toEqual(['1:1/2', '2:1/1']);
  });
});
