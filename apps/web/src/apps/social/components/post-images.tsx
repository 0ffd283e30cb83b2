import { Box, ButtonBase } from '@mui/material';
import { useState } from 'react';
import type { PostAttachment } from '@portal/contracts';
import { ImageViewer } from './image-viewer';

const SHOWN = 4;

/** One picture keeps its shape (within reason); in a grid they are squares, the wide first of three 2:1. */
function ratioOf(image: PostAttachment, count: number, index: number): string {
  if (count === 1) return String(Math.min(2, Math.max(0.8, image.width / Math.max(1, image.height))));
  return count === 3 && index === 0 ? '2 / 1' : '1 / 1';
}

/**
 * A post's pictures as a grid of thumbnails; each opens the viewer. `priority`: the post is at the
 * top of the page, so its pictures load at once (the first one first: it is the page's largest
 * element) instead of waiting to be scrolled near.
 */
export function PostImages({
  images,
  author,
  priority = false,
}: {
  images: PostAttachment[];
  author: string;
  priority?: boolean;
}) {
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return null;
  const shown = images.slice(0, SHOWN);
  const hidden = images.length - shown.length;
  const columns = shown.length === 1 ? 1 : 2;
  // A single picture is shown at most at its own size: a small one is not blown up to the card's width.
  const single = shown.length === 1 ? { justifySelf: 'start', width: '100%', maxWidth: `${shown[0]!.width}px` } : {};

  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: 0.5 }} data-testid="post-images">
        {shown.map((image, index) => (
          <ButtonBase
            key={image.id}
            onClick={() => setOpen(index)}
            aria-label={`Open picture ${index + 1} of ${images.length}${image.alt ? `: ${image.alt}` : ''}`}
            sx={{
              position: 'relative',
              overflow: 'hidden',
              borderRadius: 1,
              aspectRatio: ratioOf(image, shown.length, index),
              gridColumn: shown.length === 3 && index === 0 ? 'span 2' : undefined,
              bgcolor: 'action.hover',
              ...single,
            }}
          >
            <Box
              component="img"
              src={image.thumbnail_url ?? image.image_url ?? undefined}
              // Issue 27: the author's description; the button around it says it too.
              alt={image.alt ?? ''}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority && index === 0 ? 'high' : 'auto'}
              width={image.width}
              height={image.height}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
            {hidden > 0 && index === SHOWN - 1 && (
              <Box
                aria-hidden
                sx={{
                  position: 'absolute',
                  inset: 0,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'rgba(0,0,0,0.55)',
                  color: '#fff',
                  fontSize: 28,
                }}
              >
                +{hidden}
              </Box>
            )}
          </ButtonBase>
        ))}
      </Box>
      <ImageViewer images={images} index={open} author={author} onChange={setOpen} />
    </>
  );
}
