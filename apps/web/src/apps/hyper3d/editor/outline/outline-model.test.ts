import { describe, expect, it } from 'vitest';
import { addNodes, emptyDoc, moveNode, newGroup, type SceneDoc } from '../scene-model';
import { dropPlacement, dropZone, keyboardMove, visibleRows } from './outline-model';

/** a (b, c (d)), e */
function tree(): SceneDoc {
  let doc = emptyDoc();
  for (const id of ['a', 'b', 'c', 'd', 'e']) doc = addNodes(doc, [{ ...newGroup(doc, id), name: id }]);
  return moveNode(moveNode(moveNode(doc, 'b', 'a'), 'c', 'a'), 'd', 'c');
}

describe('the outline', () => {
  it('shows open nodes depth first, with level, position among siblings and whether each is open', () => {
    const rows = visibleRows(tree(), new Set());
    expect(rows.map((row) => [row.node.id, row.level, row.position, row.siblings, row.hasChildren, row.expanded])).toEqual([
      ['a', 1, 1, 2, true, true],
      ['b', 2, 1, 2, false, false],
      ['c', 2, 2, 2, true, true],
      ['d', 3, 1, 1, false, false],
      ['e', 1, 2, 2, false, false],
    ]);
    expect(visibleRows(tree(), new Set(['c'])).map((row) => row.node.id)).toEqual(['a', 'b', 'c', 'e']);
    expect(visibleRows(tree(), new Set(['a'])).map((row) => row.node.id)).toEqual(['a', 'e']);
  });

  it('moves a node with the keyboard: up, down, into the sibling above, out of its parent', () => {
    const doc = tree();
    expect(keyboardMove(doc, 'c', 'up')).toEqual({ parent: 'a', before: 'b' });
    expect(keyboardMove(doc, 'b', 'up')).toBeNull();
    expect(keyboardMove(doc, 'b', 'down')).toEqual({ parent: 'a', before: null });
    expect(keyboardMove(doc, 'a', 'down')).toEqual({ parent: null, before: null });
    expect(keyboardMove(doc, 'e', 'down')).toBeNull();
    expect(keyboardMove(doc, 'c', 'in')).toEqual({ parent: 'b', before: null });
    expect(keyboardMove(doc, 'e', 'in')).toEqual({ parent: 'a', before: null });
    expect(keyboardMove(doc, 'd', 'out')).toEqual({ parent: 'a', before: null });
    expect(keyboardMove(doc, 'b', 'out')).toEqual({ parent: null, before: 'e' });
    expect(keyboardMove(doc, 'a', 'out')).toBeNull();
  });

  it('drops before a row (top quarter), after it (bottom quarter) or inside it', () => {
    expect([dropZone(2, 40), dropZone(20, 40), dropZone(38, 40)]).toEqual(['before', 'inside', 'after']);
    const doc = tree();
    expect(dropPlacement(doc, 'c', 'before')).toEqual({ parent: 'a', before: 'c' });
    expect(dropPlacement(doc, 'b', 'after')).toEqual({ parent: 'a', before: 'c' });
    expect(dropPlacement(doc, 'c', 'after')).toEqual({ parent: 'a', before: null });
    expect(dropPlacement(doc, 'e', 'inside')).toEqual({ parent: 'e', before: null });
  });
});
