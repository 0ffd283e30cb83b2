import { Box, ButtonBase, Stack } from '@mui/material';
import { useState } from 'react';
import type { Product } from '@portal/contracts';
import { picturesFor } from './variant-choice';

/**
 * The main picture and the gallery; choosing a thumbnail shows it large. With a colour chosen
 * (issue 25) that colour's pictures come first and the first of them shows large.
 */
export function ProductGallery({ product, color = '' }: { product: Product; color?: string }) {
  const pictures = picturesFor(
    [...(product.image ? [{ image: product.image, color: null }] : []), ...product.productgallery],
    color,
  );
  const [picked, setShown] = useState({ index: 0, color });
  // A new colour starts at its first picture.
  const shown = picked.color === color ? picked.index : 0;
  const current = pictures[shown] ?? pictures[0];
  return (
    <Box>
      <Box sx={{ borderRadius: 3, overflow: 'hidden', bgcolor: 'action.hover', aspectRatio: '1 / 1' }}>
        {current && (
          <Box
            component="img"
            src={current}
            alt={product.name}
            fetchPriority="high"
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            data-testid="gallery-main"
          />
        )}
      </Box>
      {pictures.length > 1 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label="Pictures">
          {pictures.map((picture, index) => (
            <ButtonBase
              key={picture}
              onClick={() => setShown({ index, color })}
              aria-label={`Show picture ${index + 1} of ${pictures.length}`}
              aria-pressed={index === shown}
              sx={{
                width: 72,
                height: 72,
                borderRadius: 2,
                overflow: 'hidden',
                outline: (theme) => (index === shown ? `3px solid ${theme.palette.primary.main}` : 'none'),
                outlineOffset: 2,
              }}
            >
              <Box component="img" src={picture} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            </ButtonBase>
          ))}
        </Stack>
      )}
    </Box>
  );
}
