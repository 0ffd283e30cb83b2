import { beforeEach, describe, expect, it } from 'vitest';
import { useEditorStore } from './editor-store';
import { childrenOf, starterDoc } from './scene-model';

const state = () => useEditorStore.getState();
const labels = () => state().history.past.map((entry) => entry.label);
const byName = (name: string) => state().doc.nodes.find((node) => node.name === name)!;

describe('the editor store', () => {
  beforeEach(() => state().restore(starterDoc(), null));

  it('makes every change one step to undo and redo, and keeps the selection while it exists', () => {
    const start = state().doc;
    state().addFigure('sphere');
    state().addLight('point');
    state().addGroup();
    const sphere = byName('Sphere').id;
    const group = byName('Group').id;
    state().move(sphere, group);
    state().rename(sphere, 'Ball');
    state().transform(sphere, { position: [1, 2, 3] }, 'Move');
    state().setMaterial(sphere, { metalness: 0.2 }, 'Metalness');
    state().setMaterial(sphere, { metalness: 0.4 }, 'Metalness');
    state().setVisible(sphere, false);
    state().setLocked(sphere, true);
    state().addModel('box.glb', 'glb', [{ id: 'f1', name: 'box.glb', size: 10 }]);
    state().remove(byName('box.glb').id);
    expect(labels()).toEqual([
      'Add Sphere',
      'Add Point light',
      'Add Group',
      'Move Sphere into Group',
      'Rename Sphere to Ball',
      'Move Ball',
      'Metalness of Ball',
      'Hide Ball',
      'Lock Ball',
      'Import box.glb',
      'Remove box.glb',
    ]);
    expect(state().doc.files).toEqual([]);
    state().undo();
    expect(state().doc.files).toEqual([{ id: 'f1', name: 'box.glb', size: 10 }]);
    state().select(sphere);
    for (let i = 0; i < 10; i++) state().undo();
    expect(state().doc).toBe(start);
    expect(state().selectedId).toBeNull();
    for (let i = 0; i < 5; i++) state().redo();
    expect(byName('Ball')).toMatchObject({ parent: group });
    state().redo();
    state().redo();
    expect(byName('Ball')).toMatchObject({ position: [1, 2, 3], material: { metalness: 0.4 } });
  });

  it('refuses to change, move or remove a locked object; showing and unlocking still work', () => {
    const cube = byName('Cube').id;
    state().setLocked(cube, true);
    const locked = state().doc;
    state().transform(cube, { position: [5, 5, 5] }, 'Move');
    state().setMaterial(cube, { color: '#000000' }, 'Colour');
    state().rename(cube, 'Box');
    state().move(cube, byName('Floor').id);
    state().remove(cube);
    expect(state().doc).toBe(locked);
    state().setVisible(cube, false);
    state().setLocked(cube, false);
    expect(byName('Cube')).toMatchObject({ visible: false, locked: false });
  });

  it('opens the outline down to what is selected, and forgets a removed camera it looked through', () => {
    const group = (state().addGroup(), byName('Group').id);
    const cube = byName('Cube').id;
    state().move(cube, group);
    state().setExpanded(group, false);
    expect(state().collapsed.has(group)).toBe(true);
    state().select(cube);
    expect(state().collapsed.has(group)).toBe(false);
    const camera = byName('Camera').id;
    state().setLookThrough(camera);
    state().setLookThrough(cube);
    expect(state().lookThrough).toBeNull();
    state().setLookThrough(camera);
    state().remove(camera);
    expect(state().lookThrough).toBeNull();
    expect(childrenOf(state().doc, group).map((node) => node.name)).toEqual(['Cube']);
  });
});
