import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, IconButton, Typography } from '@mui/material';
import type { KeyboardEvent } from 'react';
import type { PostAttachment } from '@portal/contracts';

interface ImageViewerProps {
  images: PostAttachment[];
  index: number | null;
  author: string;
  onChange(index: number | null): void;
}

/** The pictures of a post, full size, one at a time; arrows (and the arrow keys) move between them. */
export function ImageViewer({ images, index, author, onChange }: ImageViewerProps) {
  const open = index !== null && images[index] !== undefined;
  const current = open ? images[index] : undefined;
  const step = (delta: number) => index !== null && onChange((index + delta + images.length) % images.length);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') step(1);
    if (event.key === 'ArrowLeft') step(-1);
  };
  const label = index !== null ? `Picture ${index + 1} of ${images.length}, by ${author}` : '';

  return (
    <Dialog
      open={open}
      onClose={() => onChange(null)}
      maxWidth="lg"
      onKeyDown={onKeyDown}
      slotProps={{ paper: { 'aria-label': label || 'Picture', sx: { bgcolor: 'grey.900', color: 'common.white', m: 1 } } }}
      data-testid="image-viewer"
    >
      <Box sx={{ position: 'relative', display: 'grid', placeItems: 'center', minWidth: { xs: 280, sm: 480 }, minHeight: 240 }}>
        {current?.image_url && (
          <Box
            component="img"
            src={current.image_url}
            alt={current.alt ?? label}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 'calc(100vh - 96px)', objectFit: 'contain' }}
          />
        )}
        <IconButton
          aria-label="Close"
          onClick={() => onChange(null)}
          sx={{ position: 'absolute', top: 8, right: 8, color: 'common.white', bgcolor: 'rgba(0,0,0,0.5)' }}
        >
          <CloseIcon />
        </IconButton>
        {images.length > 1 && (
          <>
            <IconButton
              aria-label="Previous picture"
              onClick={() => step(-1)}
              sx={{ position: 'absolute', left: 8, color: 'common.white', bgcolor: 'rgba(0,0,0,0.5)' }}
            >
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              aria-label="Next picture"
              onClick={() => step(1)}
              sx={{ position: 'absolute', right: 8, color: 'common.white', bgcolor: 'rgba(0,0,0,0.5)' }}
            >
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
      </Box>
      {current?.alt && (
        <Typography variant="body2" sx={{ px: 2, pt: 1, maxWidth: 720 }} data-testid="image-viewer-alt">
          {current.alt}
        </Typography>
      )}
      <Typography variant="body2" sx={{ px: 2, py: 1, textAlign: 'center' }} aria-live="polite">
        {index !== null ? `${index + 1} / ${images.length}` : ''}
      </Typography>
    </Dialog>
  );
}
