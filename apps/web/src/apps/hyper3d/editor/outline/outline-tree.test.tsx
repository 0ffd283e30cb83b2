import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useEditorStore } from '../editor-store';
import { starterDoc } from '../scene-model';
import { OutlineTree } from './outline-tree';

const state = () => useEditorStore.getState();
const item = (name: string) => screen.getByRole('treeitem', { name: new RegExp(`^${name},`) });
const names = () => screen.getAllByRole('treeitem').map((row) => row.getAttribute('aria-label')!.split(',')[0]);
const press = (name: string, key: string, options: { altKey?: boolean } = {}) =>
  act(() => void fireEvent.keyDown(item(name), { key, ...options }));

describe('the outline tree', { timeout: 30_000 }, () => {
  beforeEach(() => {
    state().restore(starterDoc(), null);
    act(() => state().addGroup());
  });
  afterEach(cleanup);

  it('is a tree of items with their level, place among siblings and selection, one of them in the tab order', () => {
    render(<OutlineTree />);
    const tree = screen.getByRole('tree', { name: 'Scene outline' });
    expect(tree.getAttribute('aria-describedby')).toBeTruthy();
    expect(names()).toEqual(['Floor', 'Sun', 'Fill light', 'Camera', 'Cube', 'Group']);
    expect(item('Cube').getAttribute('aria-level')).toBe('1');
    expect([item('Cube').getAttribute('aria-posinset'), item('Cube').getAttribute('aria-setsize')]).toEqual(['5', '6']);
    expect(item('Group').getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('treeitem').filter((row) => row.tabIndex === 0)).toEqual([item('Group')]);
  });

  it('moves with Home and End, re-parents with Alt and the arrows, renames with F2 and removes with Delete', () => {
    render(<OutlineTree />);
    press('Group', 'Home');
    expect(state().selectedId).toBe('floor');
    press('Floor', 'End');
    expect(item('Group').getAttribute('aria-selected')).toBe('true');
    // Cube goes down below Group, then into it (the row above), then back out.
    press('Cube', 'ArrowDown', { altKey: true });
    expect(names().slice(-2)).toEqual(['Group', 'Cube']);
    press('Cube', 'ArrowRight', { altKey: true });
    expect(item('Cube').getAttribute('aria-level')).toBe('2');
    expect(item('Group').getAttribute('aria-expanded')).toBe('true');
    press('Cube', 'ArrowLeft', { altKey: true });
    expect(item('Cube').getAttribute('aria-level')).toBe('1');
    press('Cube', 'ArrowUp', { altKey: true });
    expect(names().slice(-2)).toEqual(['Cube', 'Group']);
    expect(
      state()
        .history.past.map((entry) => entry.label)
        .slice(-4),
    ).toEqual(['Reorder Cube', 'Move Cube into Group', 'Move Cube to the top', 'Reorder Cube']);

    press('Cube', 'F2');
    const field = screen.getByRole('textbox', { name: 'New name of Cube' });
    fireEvent.change(field, { target: { value: 'Box' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(names()).toContain('Box');
    press('Box', 'Delete');
    expect(names()).not.toContain('Box');
    act(() => state().undo());
    expect(names()).toContain('Box');
  });

  it('leaves a locked object where it is', () => {
    act(() => state().setLocked('cube', true));
    render(<OutlineTree />);
    expect(item('Cube').getAttribute('aria-label')).toBe('Cube, figure, locked');
    expect(item('Cube').getAttribute('draggable')).toBe('false');
    press('Cube', 'Delete');
    press('Cube', 'ArrowDown', { altKey: true });
    press('Cube', 'F2');
    expect(names()).toEqual(['Floor', 'Sun', 'Fill light', 'Camera', 'Cube', 'Group']);
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
