import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { Button } from '@mui/material';
import { useRef } from 'react';

/** A button that opens the file chooser for product pictures (JPEG, PNG, WebP, GIF; several at once). */
export function PictureButton({
  label,
  inputLabel,
  testId,
  onFiles,
}: {
  label: string;
  /** The hidden input's accessible name. */
  inputLabel: string;
  testId: string;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" startIcon={<AddPhotoAlternateIcon />} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        multiple
        hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          onFiles(files);
        }}
        aria-label={inputLabel}
        data-testid={testId}
      />
    </>
  );
}
