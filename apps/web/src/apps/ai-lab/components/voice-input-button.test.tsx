import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AiLabStatus } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiStatusKey } from '../api/query-keys';
import { VoiceInputButton } from './voice-input-button';

const local = { engine: 'local', model: null } as const;
const status = (transcription: AiLabStatus['transcription']): AiLabStatus => ({
  chat: local,
  image: local,
  voice: local,
  realtime: local,
  transcription,
});

function setup(transcription: AiLabStatus['transcription'], onText = vi.fn()) {
  const client = new QueryClient();
  client.setQueryData(aiStatusKey, status(transcription));
  render(
    <QueryClientProvider client={client}>
      <VoiceInputButton onText={onText} onError={vi.fn()} />
    </QueryClientProvider>,
  );
  return onText;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('voice input', () => {
  it('is hidden where neither the server nor the browser can listen', () => {
    setup(local);
    expect(screen.queryByTestId('voice-input')).toBeNull();
  });

  it("uses the browser's speech recognition when the server has none, and puts what was heard in the field", async () => {
    class FakeRecognition {
      static last: FakeRecognition;
      lang = '';
      interimResults = true;
      onresult: ((event: { results: { transcript: string }[][] }) => void) | null = null;
      onend: (() => void) | null = null;
      onerror = null;
      constructor() {
        FakeRecognition.last = this;
      }
      start() {}
      stop() {
        this.onresult?.({ results: [[{ transcript: 'Why is the sky blue' }]] });
        this.onend?.();
      }
    }
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const onText = setup(local);
    const button = screen.getByRole('button', { name: 'Speak your question' });
    expect(button.dataset.mode).toBe('browser');
    const user = userEvent.setup({ delay: null });
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Stop voice input' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Stop voice input' }));
    expect(onText).toHaveBeenCalledWith('Why is the sky blue');
    expect(FakeRecognition.last.interimResults).toBe(false);
  });

  it("records for the server's speech-to-text when the provider has one", () => {
    vi.stubGlobal('MediaRecorder', class {});
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn() } });
    setup({ engine: 'provider', model: 'whisper-1' });
    expect(screen.getByRole('button', { name: 'Speak your question' }).dataset.mode).toBe('server');
  });
});
