import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PromptForm } from './prompt-form';

afterEach(cleanup);

const setup = (onSubmit = vi.fn()) => {
  render(
    <PromptForm
      label="Your question"
      placeholder="Ask"
      submitLabel="Send"
      busyLabel="Sending"
      busy={false}
      onSubmit={onSubmit}
      clearOnSubmit
    />,
  );
  return { onSubmit, input: screen.getByRole('textbox', { name: 'Your question' }) };
};

describe('the prompt form', () => {
  it('sends with Enter and clears; Shift+Enter starts a new line', async () => {
    const { onSubmit, input } = setup();
    const user = userEvent.setup({ delay: null });
    await user.type(input, 'one{Shift>}{Enter}{/Shift}two');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(input, '{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('one\ntwo');
    expect(input).toHaveProperty('value', '');
  }, 20_000);

  it('keeps to 500 characters and counts them', async () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'z'.repeat(520) } });
    expect((input as HTMLTextAreaElement).value).toHaveLength(500);
    expect(screen.getByText(/500 \/ 500/)).toBeTruthy();
  });

  it('does not send an empty prompt', async () => {
    const { onSubmit, input } = setup();
    await userEvent.setup({ delay: null }).type(input, '   {Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });
});
