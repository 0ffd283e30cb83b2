import DeleteIcon from '@mui/icons-material/Delete';
import { Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { ColorSelect } from './color-select';
import { PictureButton } from './picture-button';
import type { PictureToSend } from './use-picture-uploads';

/**
 * The pictures of a product not created yet (issue 25: a draft is made with its pictures in the
 * same form): chosen here with the colour each shows, sent once the draft is saved.
 */
export function NewPictures({
  pictures,
  onChange,
  colors,
}: {
  pictures: PictureToSend[];
  onChange: (pictures: PictureToSend[]) => void;
  colors: string[];
}) {
  const previews = useMemo(() => pictures.map(({ file }) => URL.createObjectURL(file)), [pictures]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  return (
    <Box component="section" aria-labelledby="new-pictures-title">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h6" component="h2" id="new-pictures-title">
          Pictures
        </Typography>
        <PictureButton
          label="Choose pictures"
          inputLabel="Pictures of the new product"
          testId="new-picture-input"
          onFiles={(files) => onChange([...pictures, ...files.map((file) => ({ file, color: null }))])}
        />
      </Stack>
      {pictures.length === 0 ? (
        <Typography color="text.secondary">
          None yet. They are sent with the draft; the first is the one the shop shows in lists.
        </Typography>
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
          aria-label="Pictures to send"
        >
          {pictures.map((picture, index) => (
            <Paper key={previews[index]} component="li" variant="outlined" sx={{ p: 1 }} data-testid="new-picture">
              <Box
                component="img"
                src={previews[index]}
                alt={`New picture ${index + 1}: ${picture.file.name}`}
                sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
              {colors.length > 0 && (
                <Box sx={{ mt: 1 }}>
                  <ColorSelect
                    colors={colors}
                    value={picture.color && colors.includes(picture.color) ? picture.color : null}
                    onChange={(color) => onChange(pictures.map((p, i) => (i === index ? { ...p, color } : p)))}
                    label={`Picture ${index + 1} shows`}
                    testId="new-picture-color"
                  />
                </Box>
              )}
              <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 0.5 }}>
                <Tooltip title="Leave out">
                  <IconButton
                    size="small"
                    aria-label={`Leave out new picture ${index + 1}`}
                    onClick={() => onChange(pictures.filter((_, i) => i !== index))}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
}
