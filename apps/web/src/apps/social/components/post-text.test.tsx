import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PostText } from './post-text';

describe('PostText', () => {
  it('shows markup as text, links hashtags to their trend pages and addresses to their sites', () => {
    const text =
      '<img src=x onerror="alert(1)"> <script>alert(2)</script>\nLove #Café at www.example.com/menu. Not C# or https://x.test/#frag';
    const { container } = render(
      <MemoryRouter>
        <PostText text={text} />
      </MemoryRouter>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe(text);
    expect(screen.getByRole('link', { name: '#Café' }).getAttribute('href')).toBe('/social/trends/caf%C3%A9');
    const site = screen.getByRole('link', { name: 'www.example.com/menu' });
    expect(site.getAttribute('href')).toBe('https://www.example.com/menu');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(screen.getByRole('link', { name: 'https://x.test/#frag' })).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('links @mentions to the profiles they name (issue 27), never an email address', () => {
    const { container } = render(
      <MemoryRouter>
        <PostText text="Thanks @Alice-Martin! Mail bruno@example.com" />
      </MemoryRouter>,
    );
    const links = container.querySelectorAll('a');
    expect([...links].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['@Alice-Martin', '/social/profile/alice-martin'],
    ]);
  });

  it('never links javascript: or other schemes', () => {
    const { container } = render(
      <MemoryRouter>
        <PostText text="javascript:alert(1) data:text/html,x" />
      </MemoryRouter>,
    );
    expect(container.querySelectorAll('a')).toHaveLength(0);
  });
});
