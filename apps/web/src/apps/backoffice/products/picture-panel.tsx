import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, IconButton, LinearProgress, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import type { BoProduct } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { useDeleteProductImage, useOrderProductImages, useUploadProductImage } from '../api/products';
import { errorText } from '../components/error-text';
import { movedIds } from './product-form';

interface Upload {
  name: string;
  progress: number;
  error: string | null;
}

/** A product's pictures: upload (each with its progress), put in order (the first is the shop's), delete. */
export function PicturePanel({ product }: { product: BoProduct }) {
  const upload = useUploadProductImage();
  const order = useOrderProductImages();
  const remove = useDeleteProductImage();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const ids = product.images.map((image) => image.id);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setUploads(files.map((file) => ({ name: file.name, progress: 0, error: null })));
    // One at a time, in the order chosen: the pictures keep that order.
    for (const [index, file] of files.entries()) {
      const patch = (change: Partial<Upload>) =>
        setUploads((list) => list.map((item, i) => (i === index ? { ...item, ...change } : item)));
      try {
        await upload.mutateAsync({ id: product.id, file, onProgress: (progress) => patch({ progress }) });
        patch({ progress: 1 });
      } catch (error) {
        patch({ error: errorText(error) });
      }
    }
    setUploads((list) => list.filter((item) => item.error !== null));
  };

  const move = (id: number, step: -1 | 1) =>
    order.mutate(
      { id: product.id, ids: movedIds(ids, id, step) },
      { onError: (error) => showAlert(errorText(error) ?? 'The pictures could not be put in order.', 'error') },
    );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="pictures-title">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h2" id="pictures-title">
          Pictures
        </Typography>
        <Button variant="outlined" startIcon={<AddPhotoAlternateIcon />} onClick={() => input.current?.click()}>
          Add pictures
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          multiple
          hidden
          onChange={(event) => void pick(event)}
          aria-label="Pictures to upload"
          data-testid="picture-input"
        />
      </Stack>
      {uploads.map((item) => (
        <Box key={item.name} sx={{ mb: 1.5 }} data-testid="upload-progress">
          <Typography variant="body2">
            {item.name} {item.error ? '' : `— ${Math.round(item.progress * 100)}%`}
          </Typography>
          {item.error ? (
            <Alert severity="error">{item.error}</Alert>
          ) : (
            <LinearProgress variant="determinate" value={item.progress * 100} aria-label={`Uploading ${item.name}`} />
          )}
        </Box>
      ))}
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
