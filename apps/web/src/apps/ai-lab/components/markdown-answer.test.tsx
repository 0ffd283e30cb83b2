import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CopyAnswerButton } from './answer-actions';
import { MarkdownAnswer } from './markdown-answer';

// The renderer is a lazy chunk: load it first, so the tests wait for rendering, not for the import.
beforeAll(() => import('./markdown-renderer'), 60_000);
afterEach(cleanup);

describe('an answer in Markdown', () => {
  it('renders Markdown with highlighted code', async () => {
    render(<MarkdownAnswer text={'A **bold** claim:\n\n- one\n- two\n\n```js\nconst answer = 42;\n```'} />);
    const code = await screen.findByText('42', { selector: '.hljs-number' });
    expect(code.closest('pre')).not.toBeNull();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('const', { selector: '.hljs-keyword' })).toBeTruthy();
  });

  it('never renders raw HTML or script links from an answer', async () => {
    const { container } = render(
      <MarkdownAnswer text={'Hi <img src=x onerror="alert(1)"> <script>alert(2)</script> [click](javascript:alert(3))'} />,
    );
    await screen.findByText('click');
    expect(container.querySelector('img, script')).toBeNull();
    expect(screen.getByText('click').getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('copies the answer text', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<CopyAnswerButton text="**Hello**" />);
    await user.click(screen.getByRole('button', { name: 'Copy answer' }));
    expect(writeText).toHaveBeenCalledWith('**Hello**');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });
});
