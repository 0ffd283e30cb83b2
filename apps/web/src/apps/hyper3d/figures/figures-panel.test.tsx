import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FiguresPanel } from './figures-panel';
import { useFiguresStore } from './figures-store';

const state = () => useFiguresStore.getState();

// MUI menus driven by user-event take seconds on a loaded 2-core machine.
describe('FiguresPanel', { timeout: 60_000 }, () => {
  beforeEach(() => state().reset());
  afterEach(cleanup);

  it('lists the figures and adds the chosen kind', async () => {
    const user = userEvent.setup();
    render(<FiguresPanel />);
    const list = screen.getByRole('list', { name: 'Figures in the scene' });
    expect(within(list).getAllByRole('button', { pressed: false })).toHaveLength(6);
    await user.click(screen.getByRole('combobox', { name: 'Figure' }));
    await user.click(screen.getByRole('option', { name: 'Torus knot' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('In the scene (7)')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Torus knot 2' })).toBeTruthy();
  });

  it('selects a figure with the keyboard and edits it', async () => {
    const user = userEvent.setup();
    render(<FiguresPanel />);
    expect(screen.getByTestId('figure-editor-hint')).toBeTruthy();
    const cube = screen.getByRole('button', { name: /^Cube/ });
    cube.focus();
    await user.keyboard('{Enter}');
    expect(state().selectedId).toBe(state().figures[1]!.id);
    expect(screen.getByRole('button', { name: /^Cube/, pressed: true })).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Wireframe' }));
    expect(state().figures[1]!.material).toBe('wireframe');

    const slider = screen.getByRole('slider', { name: /Size/ });
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(state().figures[1]!.size).toBe(1.2);

    fireEvent.change(screen.getByTestId('figure-color'), { target: { value: '#00ff00' } });
    expect(state().figures[1]!.color).toBe('#00ff00');
  });

  it('removes figures from the list and from the editor', async () => {
    const user = userEvent.setup();
    render(<FiguresPanel />);
    await user.click(screen.getByRole('button', { name: 'Remove Sphere' }));
    expect(state().figures.some((f) => f.name === 'Sphere')).toBe(false);
    await user.click(screen.getByRole('button', { name: /^Cone/ }));
    await user.click(screen.getByRole('button', { name: 'Remove this figure' }));
    expect(state().figures.map((f) => f.name)).toEqual(['Torus knot', 'Cube', 'Torus', 'Cylinder']);
    expect(screen.getByTestId('figure-editor-hint')).toBeTruthy();
  });

  it('turns the colour off for the normal material', async () => {
    const user = userEvent.setup();
    render(<FiguresPanel />);
    await user.click(screen.getByRole('button', { name: /^Torus knot/ }));
    await user.click(screen.getByRole('radio', { name: 'Normal' }));
    expect((screen.getByTestId('figure-color') as HTMLInputElement).disabled).toBe(true);
  });
});
