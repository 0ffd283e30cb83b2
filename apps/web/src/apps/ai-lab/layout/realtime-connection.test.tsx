import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { connectRealtime, disconnectRealtime } from '../store/realtime-store';
import AiLabLayout from './ai-lab-layout';

vi.mock('../store/realtime-store', () => ({ connectRealtime: vi.fn(), disconnectRealtime: vi.fn() }));

describe('the AI lab layout', () => {
  beforeEach(() => vi.clearAllMocks());

  it('opens the realtime socket once mounted (spec §4), from a chunk of its own, and closes it when left', async () => {
    const view = render(
      <Providers>
        <MemoryRouter initialEntries={['/ai-lab']}>
          <AiLabLayout>
            <p>page</p>
          </AiLabLayout>
        </MemoryRouter>
      </Providers>,
    );
    expect(view.getByText('page')).toBeTruthy();
    await waitFor(() => expect(connectRealtime).toHaveBeenCalledTimes(1));
    expect(disconnectRealtime).not.toHaveBeenCalled();
    view.unmount();
    expect(disconnectRealtime).toHaveBeenCalledTimes(1);
  });
});
