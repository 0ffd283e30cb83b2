import { hyper3dDocumentSchema } from '@portal/contracts';
import { Euler, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import {
  addNodes,
  aimAt,
  ancestorsOf,
  canMoveUnder,
  childrenOf,
  emptyDoc,
  isShown,
  moveNode,
  newGroup,
  newLight,
  newModel,
  removeNode,
  starterDoc,
  uniqueName,
  updateNode,
  type SceneDoc,
} from './scene-model';

const names = (doc: SceneDoc, parent: string | null) => childrenOf(doc, parent).map((node) => node.name);

function tree() {
  let doc = emptyDoc();
  for (const id of ['a', 'b', 'c']) doc = addNodes(doc, [{ ...newGroup(doc, id), name: id }]);
  return doc;
}

describe('the editor scene as data', () => {
  it('starts with a floor, a sun, a fill light, a camera and a cube, and is a valid scene document', () => {
    const doc = starterDoc();
    expect(doc.nodes.map((node) => node.name)).toEqual(['Floor', 'Sun', 'Fill light', 'Camera', 'Cube']);
    expect(hyper3dDocumentSchema.safeParse(doc).success).toBe(true);
  });

  it('aims lights and cameras: their -Z axis points at the target', () => {
    const [x, y] = aimAt([0, 0, 5], [0, 0, 0]);
    expect([x, y]).toEqual([0, 0]);
    expect(aimAt([0, 5, 0], [0, 0, 0])[0]).toBeCloseTo(-Math.PI / 2, 3);
    expect(aimAt([5, 0, 0], [0, 0, 0])[1]).toBeCloseTo(Math.PI / 2, 3);
    // three.js turns -Z by these angles towards the origin.
    const [ax, ay] = aimAt([4, 8, 5], [0, 0, 0]);
    const direction = new Vector3(0, 0, -1).applyEuler(new Euler(ax, ay, 0, 'XYZ')).toArray();
    const expected = [-4, -8, -5].map((v) => v / Math.hypot(4, 8, 5));
    direction.forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 2));
  });

  it('names each new object apart from the others', () => {
    let doc = emptyDoc();
    doc = addNodes(doc, [newLight(doc, 'point', 'p1')]);
    doc = addNodes(doc, [newLight(doc, 'point', 'p2')]);
    expect(doc.nodes.map((node) => node.name)).toEqual(['Point light', 'Point light 2']);
    expect(uniqueName(doc, '   ')).toBe('Object');
  });

  it('turns STL and PLY models upright (they are Z-up)', () => {
    expect(newModel(emptyDoc(), 'm', 'part.stl', 'stl', ['f']).rotation[0]).toBeCloseTo(-Math.PI / 2, 3);
    expect(newModel(emptyDoc(), 'm', 'robot.glb', 'glb', ['f']).rotation).toEqual([0, 0, 0]);
  });

  it('re-parents before a sibling, last under a parent, or back to the top; never under itself', () => {
    let doc = tree();
    doc = moveNode(doc, 'c', 'a');
    doc = moveNode(doc, 'b', 'a', 'c');
    expect(names(doc, null)).toEqual(['a']);
    expect(names(doc, 'a')).toEqual(['b', 'c']);
    expect(ancestorsOf(doc, 'c')).toEqual(['a']);
    expect(canMoveUnder(doc, 'a', 'c')).toBe(false);
    expect(moveNode(doc, 'a', 'c')).toBe(doc);
    expect(moveNode(doc, 'a', 'a')).toBe(doc);
    doc = moveNode(doc, 'b', null);
    expect(names(doc, null)).toEqual(['a', 'b']);
    expect(moveNode(doc, 'b', null)).toBe(doc);
  });

  it('removes a node with everything under it, and the files nobody uses any more', () => {
    let doc = tree();
    doc = addNodes(doc, [newModel(doc, 'm', 'robot.glb', 'glb', ['f1'])], [{ id: 'f1', name: 'robot.glb', size: 10 }]);
    doc = moveNode(moveNode(doc, 'm', 'b'), 'c', 'b');
    doc = removeNode(doc, 'b');
    expect(doc.nodes.map((node) => node.id)).toEqual(['a']);
    expect(doc.files).toEqual([]);
  });

  it('hides what is under a hidden node, and changes a node without touching the others', () => {
    let doc = moveNode(tree(), 'b', 'a');
    doc = updateNode(doc, 'a', (node) => ({ ...node, visible: false }));
    expect([isShown(doc, 'a'), isShown(doc, 'b'), isShown(doc, 'c')]).toEqual([false, false, true]);
    expect(updateNode(doc, 'c', (node) => node)).toBe(doc);
  });
});
