import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SendBox } from './send-box';

afterEach(cleanup);

const setup = (onSend = vi.fn(async () => true)) => {
  render(<SendBox onSend={onSend} />);
  return {
    onSend,
    input: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement,
    button: screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement,
  };
};

describe('the chat send box', () => {
  it('sends the trimmed text with Enter and empties; Shift+Enter starts a new line', async () => {
    const { onSend, input } = setup();
    const user = userEvent.setup({ delay: null });
    await user.type(input, '  hello{Shift>}{Enter}{/Shift}there ');
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('  hello\nthere ');
    await user.type(input, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('hello\nthere');
    await waitFor(() => expect(input.value).toBe(''));
  }, 20_000);

  it('does not send blank text', async () => {
    const { onSend, input, button } = setup();
    const user = userEvent.setup({ delay: null });
    await user.type(input, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(button.disabled).toBe(true);
  }, 20_000);

  it('counts characters near the limit and refuses more than 4000 with a clear error', async () => {
    const { onSend, input, button } = setup();
    fireEvent.change(input, { target: { value: 'a'.repeat(3600) } });
    expect(screen.getByText('3600/4000')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'a'.repeat(4003) } });
    expect(screen.getByText('At most 4000 characters: remove 3.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(button.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'a'.repeat(4000) } });
    expect(button.disabled).toBe(false);
  });

  it('keeps the text when sending fails', async () => {
    const { onSend, input } = setup(vi.fn(async () => false));
    const user = userEvent.setup({ delay: null });
    await user.type(input, 'keep me{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('keep me'));
    expect(input.value).toBe('keep me');
  }, 20_000);
});
