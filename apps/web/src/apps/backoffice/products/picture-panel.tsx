import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import type { BoProduct } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { useDeleteProductImage, useOrderProductImages, useSetImageColor } from '../api/products';
import { errorText } from '../components/error-text';
import { ColorSelect } from './color-select';
import { PictureButton } from './picture-button';
import { movedIds } from './product-form';
import { UploadProgress } from './upload-progress';
import { usePictureUploads } from './use-picture-uploads';

/**
 * A product's pictures: upload (each with its progress), put in order (the first is the shop's),
 * say which colour each shows (issue 25: the shop shows the chosen colour's first), delete.
 */
export function PicturePanel({ product }: { product: BoProduct }) {
  const order = useOrderProductImages();
  const remove = useDeleteProductImage();
  const setColor = useSetImageColor();
  const { uploads, send } = usePictureUploads();
  const [uploadColor, setUploadColor] = useState<string | null>(null);
  const ids = product.images.map((image) => image.id);

  const move = (id: number, step: -1 | 1) =>
    order.mutate(
      { id: product.id, ids: movedIds(ids, id, step) },
      { onError: (error) => showAlert(errorText(error) ?? 'The pictures could not be put in order.', 'error') },
    );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="pictures-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography variant="h4" component="h2" id="pictures-title">
          Pictures
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {product.colors.length > 0 && (
          <Box sx={{ minWidth: 180 }}>
            <ColorSelect
              colors={product.colors}
              value={uploadColor}
              onChange={setUploadColor}
              label="New pictures show"
              testId="upload-color"
            />
          </Box>
        )}
        <PictureButton
          label="Add pictures"
          inputLabel="Pictures to upload"
          testId="picture-input"
          onFiles={(files) =>
            void send(
              product.id,
              files.map((file) => ({ file, color: uploadColor })),
            )
          }
        />
      </Stack>
      <UploadProgress uploads={uploads} />
      {product.images.length === 0 ? (
        <Typography color="text.secondary">No pictures yet. The first picture is the one the shop shows in lists.</Typography>
      ) : (
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
          }}
          aria-label="Pictures, in the shop's order"
          data-testid="picture-list"
        >
          {product.images.map((image, index) => (
            <Paper key={image.id} component="li" variant="outlined" sx={{ p: 1 }} data-testid="picture">
              <Box
                component="img"
                src={image.image}
                alt={`Picture ${index + 1} of ${product.name}`}
                sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
              {product.colors.length > 0 && (
                <Box sx={{ mt: 1 }}>
                  <ColorSelect
                    colors={product.colors}
                    value={image.color}
                    disabled={setColor.isPending}
                    onChange={(color) =>
                      setColor.mutate(
                        { id: product.id, imageId: image.id, color },
                        { onError: (error) => showAlert(errorText(error) ?? 'The colour could not be saved.', 'error') },
                      )
                    }
                    label={`Picture ${index + 1} shows`}
                  />
                </Box>
              )}
              <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.5 }}>
                <Tooltip title="Earlier">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Move picture ${index + 1} earlier`}
                      disabled={index === 0 || order.isPending}
                      onClick={() => move(image.id, -1)}
                    >
                      <ArrowBackIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Delete">
                  <IconButton
                    size="small"
                    aria-label={`Delete picture ${index + 1}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(
                        { id: product.id, imageId: image.id },
                        { onError: (error) => showAlert(errorText(error) ?? 'The picture could not be deleted.', 'error') },
                      )
                    }
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Later">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Move picture ${index + 1} later`}
                      disabled={index === product.images.length - 1 || order.isPending}
                      onClick={() => move(image.id, 1)}
                    >
                      <ArrowForwardIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
            </Paper>
          ))}
        </Box>
      )}
    </Paper>
  );
}
