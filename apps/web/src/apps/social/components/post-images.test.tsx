import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PostAttachment } from '@portal/contracts';
import { PostImages } from './post-images';

const picture = (n: number): PostAttachment => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  image_url: `/media/${n}.webp`,
  thumbnail_url: `/media/${n}-thumb.webp`,
  width: 720,
  height: 480,
  alt: null,
});

const imagesOf = (container: HTMLElement) => [...container.querySelectorAll('img')];

describe('PostImages', () => {
  it('loads a post’s pictures when they come near the screen', () => {
    const { container } = render(<PostImages images={[picture(1), picture(2)]} author="Alice" />);
    for (const image of imagesOf(container)) {
      expect(image.getAttribute('loading')).toBe('lazy');
      expect(image.getAttribute('fetchpriority')).toBe('auto');
    }
  });

  it('at the top of the page loads them at once, the first (the largest element) first', () => {
    const { container } = render(<PostImages images={[picture(1), picture(2)]} author="Alice" priority />);
    const [first, second] = imagesOf(container);
    expect(first!.getAttribute('loading')).toBe('eager');
    expect(first!.getAttribute('fetchpriority')).toBe('high');
    expect(second!.getAttribute('loading')).toBe('eager');
    expect(second!.getAttribute('fetchpriority')).toBe('auto');
  });
});
