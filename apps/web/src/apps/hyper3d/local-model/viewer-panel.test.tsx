import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ViewerPanel } from './viewer-panel';
import { useViewerStore } from './viewer-store';

const state = () => useViewerStore.getState();
const STATS = { nodes: 1, meshes: 1, vertices: 24, triangles: 12, materials: 1, textures: 0 };

// MUI menus driven by user-event take seconds on a loaded 2-core machine.
describe('ViewerPanel', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useViewerStore.setState({ modelName: null, error: null, status: 'idle', speed: 1, wireframe: false, grid: true });
    state().loaded({
      name: 'box.glb',
      isSample: false,
      stats: STATS,
      extent: [1, 2, 3],
      upAxis: 'y',
      missing: [],
      clips: [
        { name: 'Spin', duration: 2 },
        { name: 'Bounce', duration: 1 },
      ],
    });
  });
  afterEach(cleanup);

  it('shows the statistics and plays and pauses each clip', async () => {
    const user = userEvent.setup();
    render(<ViewerPanel onOpen={() => {}} onScreenshot={() => {}} />);
    expect(screen.getByTestId('stat-triangles').textContent).toBe('12');
    expect(state().playing).toEqual({});
    await user.click(screen.getByRole('button', { name: 'Play Spin' }));
    expect(state().playing).toEqual({ Spin: true });
    await user.click(screen.getByRole('button', { name: 'Pause Spin' }));
    expect(state().playing).toEqual({ Spin: false });
    await user.click(screen.getByRole('combobox', { name: 'Playback speed' }));
    await user.click(screen.getByRole('option', { name: '2×' }));
    expect(state().speed).toBe(2);
  });

  it('switches wireframe and grid, and asks for a screenshot', async () => {
    const user = userEvent.setup();
    const onScreenshot = vi.fn();
    render(<ViewerPanel onOpen={() => {}} onScreenshot={onScreenshot} />);
    await user.click(screen.getByRole('switch', { name: 'Wireframe' }));
    await user.click(screen.getByRole('switch', { name: 'Grid' }));
    expect([state().wireframe, state().grid]).toEqual([true, false]);
    await user.click(screen.getByRole('button', { name: 'Download a screenshot' }));
    expect(onScreenshot).toHaveBeenCalledOnce();
  });

  it('switches the up axis, and shows the size as the model now stands', async () => {
    const user = userEvent.setup();
    render(<ViewerPanel onOpen={() => {}} onScreenshot={() => {}} />);
    expect(screen.getByTestId('stat-size').textContent).toBe('1 × 2 × 3');
    await user.click(screen.getByRole('button', { name: 'Z-up' }));
    expect(state().upAxis).toBe('z');
    expect(screen.getByTestId('stat-size').textContent).toBe('1 × 3 × 2');
    expect(screen.getByRole('button', { name: 'Z-up' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('starts environment lighting off without a graphics card, unless the person chose it', async () => {
    const user = userEvent.setup();
    useViewerStore.setState({ environment: true, environmentChosen: false, softwareRenderer: null });
    state().detectedRenderer(true);
    render(<ViewerPanel onOpen={() => {}} onScreenshot={() => {}} />);
    expect(screen.getByTestId('software-renderer-note')).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: 'Environment lighting' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await user.click(toggle);
    expect(state().environment).toBe(true);
    state().detectedRenderer(true);
    expect(state().environment).toBe(true);
    useViewerStore.setState({ environment: true, environmentChosen: false });
    state().detectedRenderer(false);
    expect([state().environment, state().softwareRenderer]).toEqual([true, false]);
  });

  it('hands picked files over and shows a failure beside the model still on show', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(<ViewerPanel onOpen={onOpen} onScreenshot={() => {}} />);
    const file = new File(['solid'], 'part.stl');
    await user.upload(screen.getByTestId('model-file-input'), file);
    expect(onOpen).toHaveBeenCalledWith([file]);
    state().failed('"x.glb" could not be opened');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByTestId('model-name').textContent).toBe('box.glb');
    expect(state().status).toBe('ready');
  });
});
