import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CanvasErrorBoundary } from './canvas-error-boundary';
import { SceneCanvas } from './scene-canvas';

afterEach(cleanup);

describe('SceneCanvas without WebGL', () => {
  it('says why the 3D view cannot be shown instead of drawing nothing', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(
      <SceneCanvas label="3D scene" description="Nothing" camera={{ position: [0, 0, 5] }} testId="scene">
        {() => null}
      </SceneCanvas>,
    );
    expect(screen.getByTestId('canvas-error').textContent).toMatch(/The 3D view cannot be shown.*WebGL/);
    vi.restoreAllMocks();
  });

  it('catches a crash inside the view and offers to try again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('Error creating WebGL context.');
    }
    render(
      <CanvasErrorBoundary>
        <Broken />
      </CanvasErrorBoundary>,
    );
    expect(screen.getByTestId('canvas-error').textContent).toContain('Error creating WebGL context.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    vi.restoreAllMocks();
  });
});
