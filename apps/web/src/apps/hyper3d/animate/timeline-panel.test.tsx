import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnimatePanel } from './animate-panel';
import { useAnimateStore } from './animate-store';
import { ANIMATED_FIGURES } from './animate-model';
import { TimelinePanel } from './timeline-panel';

const state = () => useAnimateStore.getState();

// MUI menus driven by user-event take seconds on a loaded 2-core machine.
describe('timeline and animation panel', { timeout: 20_000 }, () => {
  beforeEach(() =>
    useAnimateStore.setState({
      figures: ANIMATED_FIGURES,
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

  it("switches the selected figure's tracks", async () => {
    const user = userEvent.setup();
    render(<AnimatePanel />);
    await user.click(screen.getByRole('button', { name: /^Cube/ }));
    expect(state().selectedId).toBe('cube');
    await user.click(screen.getByRole('checkbox', { name: 'Colour' }));
    expect(state().figures.find((f) => f.id === 'cube')!.tracks).toEqual({ rotation: true, position: false, colour: true });
    expect(screen.getByRole('group', { name: 'Keyframes of Cube' })).toBeTruthy();
  });
});
