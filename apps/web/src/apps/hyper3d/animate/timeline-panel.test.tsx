import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnimatePanel } from './animate-panel';
import { useAnimateStore } from './animate-store';
import { demoFigures, poseAt } from './animate-model';
import { emptyHistory } from '../history/history';
import { TimelinePanel } from './timeline-panel';

const state = () => useAnimateStore.getState();

// MUI menus driven by user-event take seconds on a loaded 2-core machine.
describe('timeline and animation panel', { timeout: 60_000 }, () => {
  beforeEach(() =>
    useAnimateStore.setState({
      figures: demoFigures(),
      history: emptyHistory(),
      selectedId: 'knot',
      hoveredId: null,
      time: 0,
      playing: true,
      speed: 1,
    }),
  );
  afterEach(cleanup);

  it('advances only while playing, at the chosen speed', () => {
    state().tick(0.05);
    expect(state().time).toBeCloseTo(0.05);
    state().tick(5); // a background tab: at most a tenth of a second per frame
    expect(state().time).toBeCloseTo(0.15);
    state().setSpeed(2);
    state().tick(0.05);
    expect(state().time).toBeCloseTo(0.25);
    state().pause();
    state().tick(0.05);
    expect(state().time).toBeCloseTo(0.25);
    state().setSpeed(7);
    expect(state().speed).toBe(1);
  });

  it('plays, pauses and scrubs from the keyboard', async () => {
    const user = userEvent.setup();
    render(<TimelinePanel />);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(state().playing).toBe(false);
    const slider = screen.getByRole('slider', { name: 'Time' });
    slider.focus();
    await user.keyboard('{End}');
    expect(state().time).toBe(4);
    await user.keyboard('{Home}{ArrowRight}');
    expect(state().time).toBeCloseTo(0.01);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(state().playing).toBe(true);
  });

  it('changes the speed', async () => {
    const user = userEvent.setup();
    render(<TimelinePanel />);
    await user.click(screen.getByRole('combobox', { name: 'Speed' }));
    await user.click(screen.getByRole('option', { name: '0.5×' }));
    expect(state().speed).toBe(0.5);
  });

  it('adds a figure and a keyframe at the playhead; undo and redo step through them', async () => {
    const user = userEvent.setup();
    render(<AnimatePanel />);
    state().pause();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(state().figures.map((f) => f.name)).toContain('Sphere');
    expect(screen.getByRole('button', { name: /^Sphere/, pressed: true })).toBeTruthy();
    state().seek(1.5);
    await user.click(await screen.findByRole('button', { name: 'Add keyframe' }));
    const sphere = () => state().figures.find((f) => f.name === 'Sphere')!;
    expect(sphere().keys.map((k) => k.time)).toEqual([0, 1.5]);
    expect(screen.getByRole('button', { name: 'Add keyframe' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Undo Add keyframe to Sphere' }));
    expect(sphere().keys).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Undo Add Sphere' }));
    expect(state().figures.some((f) => f.name === 'Sphere')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Redo Add Sphere' }));
    await user.click(screen.getByRole('button', { name: 'Redo Add keyframe to Sphere' }));
    expect(sphere().keys.map((k) => k.time)).toEqual([0, 1.5]);
  });

  it('moves, turns and scales the selected figure by number, kept as a keyframe, one undo step each', async () => {
    const user = userEvent.setup();
    render(<AnimatePanel />);
    state().pause();
    state().select('cube');
    state().seek(0.5);
    const x = await screen.findByRole('spinbutton', { name: 'Position X' });
    await user.clear(x);
    await user.type(x, '2.5{Enter}');
    const cube = () => state().figures.find((f) => f.id === 'cube')!;
    expect(poseAt(cube(), 0.5).position[0]).toBe(2.5);
    expect(cube().keys.map((k) => k.time)).toContain(0.5);
    const turn = screen.getByRole('spinbutton', { name: 'Rotation (°) Z' });
    await user.clear(turn);
    await user.type(turn, '90');
    await user.tab();
    expect(poseAt(cube(), 0.5).rotation[2]).toBeCloseTo(Math.PI / 2);
    const scaleY = screen.getByRole('spinbutton', { name: 'Scale Y' });
    await user.clear(scaleY);
    await user.type(scaleY, '2{Enter}');
    expect(poseAt(cube(), 0.5).scale).toEqual([1, 2, 1]);
    expect(state().history.past.map((entry) => entry.label)).toEqual(['Move Cube', 'Rotate Cube', 'Scale Cube']);
  });

  it('undoes with Ctrl+Z and redoes with Ctrl+Shift+Z and Ctrl+Y, but not while typing in a field', async () => {
    const user = userEvent.setup();
    render(<AnimatePanel />);
    state().addFigure('cone');
    state().addFigure('torus');
    expect(state().figures).toHaveLength(6);
    await user.keyboard('{Control>}z{/Control}');
    expect(state().figures).toHaveLength(5);
    await user.keyboard('{Control>}z{/Control}');
    expect(state().figures).toHaveLength(4);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(state().figures).toHaveLength(5);
    await user.keyboard('{Control>}y{/Control}');
    expect(state().figures).toHaveLength(6);
    act(() => state().select('cube'));
    (await screen.findByRole('spinbutton', { name: 'Position X' })).focus();
    await user.keyboard('{Control>}z{/Control}');
    expect(state().figures).toHaveLength(6);
  });
});
