import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, TextField } from '@mui/material';
import { useEffect, useMemo, useRef } from 'react';
import { POST_LIMITS } from '@portal/contracts';

export interface PickedImage {
  key: string;
  file: File;
  /** Issue 27: what the picture shows, for people who cannot see it. */
  alt?: string;
}

/**
 * Pictures chosen for a post, shown as previews that can be removed before sending; with `onDescribe`
 * (issue 27), each has a field for its description (alt text).
 */
export function ImagePreviews({
  images,
  onRemove,
  onDescribe,
  disabled,
}: {
  images: PickedImage[];
  onRemove(key: string): void;
  onDescribe?(key: string, alt: string): void;
  disabled?: boolean;
}) {
  const urls = useMemo(
    () => images.map((image) => ({ key: image.key, name: image.file.name, url: URL.createObjectURL(image.file) })),
    [images],
  );
  useEffect(() => () => urls.forEach((item) => URL.revokeObjectURL(item.url)), [urls]);
  if (urls.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }} data-testid="image-previews">
      {urls.map((item, index) => (
        <Box key={item.key} sx={{ width: onDescribe ? { xs: '100%', sm: 200 } : 96 }}>
          <Box sx={{ position: 'relative', width: 96, height: 96, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
            <Box
              component="img"
              src={item.url}
              alt={`Selected picture ${index + 1}: ${item.name}`}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
            <IconButton
              size="small"
              aria-label={`Remove picture ${index + 1}`}
              onClick={() => onRemove(item.key)}
              disabled={disabled}
              sx={{
                position: 'absolute',
                top: 2,
                right: 2,
                bgcolor: 'rgba(0,0,0,0.6)',
                color: '#fff',
                '&:hover': { bgcolor: 'rgba(0,0,0,0.8)' },
              }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
          {onDescribe && (
            <TextField
              label={`Describe picture ${index + 1}`}
              size="small"
              multiline
              maxRows={4}
              fullWidth
              value={images[index]?.alt ?? ''}
              onChange={(event) => onDescribe(item.key, event.target.value)}
              disabled={disabled}
              helperText="For people who cannot see it"
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { maxLength: POST_LIMITS.maxAltLength, 'data-testid': 'image-alt-input' } }}
            />
          )}
        </Box>
      ))}
    </Box>
  );
}

/** The button that opens the file chooser; the server checks what the files really are. */
export function ImagePickerButton({
  count,
  onPick,
  disabled,
}: {
  count: number;
  onPick(files: File[]): void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        startIcon={<AddPhotoAlternateIcon />}
        onClick={() => input.current?.click()}
        disabled={disabled || count >= POST_LIMITS.maxImages}
        data-testid="pick-images"
      >
        Pictures
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        multiple
        hidden
        aria-label="Add pictures"
        data-testid="image-input"
        onChange={(event) => {
          onPick(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
    </>
  );
}
