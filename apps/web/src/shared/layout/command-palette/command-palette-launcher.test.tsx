import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandPaletteLauncher } from './command-palette-launcher';
import { closePalette } from './palette-store';
import { PortalSearchButton } from './portal-search-button';

function renderLauncher() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PortalSearchButton />
        <CommandPaletteLauncher />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  act(closePalette);
  cleanup();
});

/** The palette is a lazy chunk: its first import (transformed on demand in the test run) can take seconds. */
const LAZY = { timeout: 20_000 };

describe('the portal search palette', () => {
  it('opens from the top bar button, for screens without a keyboard', { timeout: 30_000 }, async () => {
    renderLauncher();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open the portal search' }));
    expect(await screen.findByRole('dialog', { name: 'Portal search' }, LAZY)).toBeTruthy();
  });

  it('opens and closes with Ctrl+K', { timeout: 30_000 }, async () => {
    renderLauncher();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(await screen.findByRole('dialog', { name: 'Portal search' }, LAZY)).toBeTruthy();
    fireEvent.keyDown(window, { key: 'K', metaKey: true });
    await screen.findByRole('button', { name: 'Open the portal search' });
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });
});
