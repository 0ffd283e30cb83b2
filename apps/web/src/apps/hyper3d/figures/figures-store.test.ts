import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_FIGURES } from './figure-model';
import { useFiguresStore } from './figures-store';

const state = () => useFiguresStore.getState();

describe('figures store', () => {
  beforeEach(() => state().reset());

  it('starts with six figures, none selected', () => {
    expect(state().figures.map((f) => f.kind)).toEqual(['torusKnot', 'cube', 'sphere', 'torus', 'cone', 'cylinder']);
    expect(state().selectedId).toBeNull();
  });

  it('adds a figure and selects it, up to the limit', () => {
    state().add('icosahedron');
    const added = state().figures.at(-1)!;
    expect(added.kind).toBe('icosahedron');
    expect(state().selectedId).toBe(added.id);
    for (let i = 0; i < 20; i++) state().add('cube');
    expect(state().figures).toHaveLength(MAX_FIGURES);
  });

  it('removes a figure and forgets it as selected and hovered', () => {
    const id = state().figures[1]!.id;
    state().select(id);
    state().hover(id);
    state().remove(id);
    expect(state().figures.some((f) => f.id === id)).toBe(false);
    expect(state().selectedId).toBeNull();
    expect(state().hoveredId).toBeNull();
  });

  it('selects only figures that exist', () => {
    state().select('nope');
    expect(state().selectedId).toBeNull();
  });

  it('changes colour, material and size, ignoring bad values', () => {
    const id = state().figures[0]!.id;
    state().update(id, { color: '#ABCDEF', material: 'wireframe', size: 1.5 });
    expect(state().figures[0]).toMatchObject({ color: '#abcdef', material: 'wireframe', size: 1.5 });
    state().update(id, { color: 'red', size: 9 });
    expect(state().figures[0]).toMatchObject({ color: '#abcdef', size: 2 });
  });

  it('undoes and redoes every change: add, colour (a run of picks is one step), remove, reset, import', () => {
    const start = state().figures;
    state().add('cone');
    const id = state().figures.at(-1)!.id;
    state().update(id, { color: '#111111' });
    state().update(id, { color: '#222222' });
    state().remove(id);
    state().replaceAll([], 'Import empty.json');
    expect(
      state()
        .history.past.map((entry) => entry.label)
        .slice(-4),
    ).toEqual(['Add Cone 2', 'Colour of Cone 2', 'Remove Cone 2', 'Import empty.json']);
    state().undo();
    state().undo();
    expect(state().figures.at(-1)).toMatchObject({ id, color: '#222222' });
    state().undo();
    expect(state().figures.at(-1)!.color).not.toBe('#222222');
    state().undo();
    expect(state().figures).toEqual(start);
    state().redo();
    expect(state().figures.at(-1)!.id).toBe(id);
    state().update(id, { size: 0.5 });
    expect(state().history.future).toEqual([]);
  });
});
