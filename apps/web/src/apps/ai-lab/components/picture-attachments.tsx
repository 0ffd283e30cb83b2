import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, CircularProgress, IconButton, LinearProgress, Stack, Tooltip } from '@mui/material';
import { AI_LAB_LIMITS } from '@portal/contracts';
import { useRef } from 'react';
import { useDocumentStore } from '../store/document-attachments-store';
import { useAttachmentStore } from '../store/picture-attachments-store';

const ACCEPT = [...AI_LAB_LIMITS.imageTypes, ...AI_LAB_LIMITS.documentTypes, ...AI_LAB_LIMITS.documentExtensions].join(',');
const isPicture = (file: File) => (AI_LAB_LIMITS.imageTypes as readonly string[]).includes(file.type);

/** The button that picks pictures and documents for the next question (each uploaded at once). */
export function AttachPicturesButton({ disabled }: { disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const attachPictures = useAttachmentStore((state) => state.attach);
  const attachDocuments = useDocumentStore((state) => state.attach);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="attach-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          const pictures = files.filter(isPicture);
          const documents = files.filter((file) => !isPicture(file));
          if (pictures.length > 0) attachPictures(pictures);
          if (documents.length > 0) attachDocuments(documents);
          event.target.value = '';
        }}
      />
      <Button
        variant="outlined"
        startIcon={<AttachFileIcon />}
        onClick={() => input.current?.click()}
        disabled={disabled}
        data-testid="attach-button"
      >
        Attach
      </Button>
    </>
  );
}

/** Thumbnails of the attached pictures, with upload progress and a remove button each. */
export function AttachedPictures() {
  const attachments = useAttachmentStore((state) => state.items);
  const remove = useAttachmentStore((state) => state.remove);
  if (attachments.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={1.5}
      component="ul"
      aria-label="Attached pictures"
      sx={{ p: 0, m: 0, flexWrap: 'wrap', rowGap: 1.5 }}
    >
      {attachments.map((item) => (
        <Box
          component="li"
          key={item.id}
          sx={{ listStyle: 'none', position: 'relative', width: 88 }}
          data-testid="attachment"
          data-status={item.status}
        >
          <Box
            component="img"
            src={item.uploaded ?? item.preview}
            alt={item.name || 'Attached picture'}
            sx={{
              width: 88,
              height: 88,
              objectFit: 'cover',
              borderRadius: 2,
              display: 'block',
              opacity: item.status === 'ready' ? 1 : 0.6,
            }}
          />
          {item.status === 'uploading' && (
            <LinearProgress
              variant="determinate"
              value={Math.round(item.progress * 100)}
              aria-label={`Uploading ${item.name || 'picture'}`}
              sx={{ mt: 0.5, borderRadius: 1 }}
              data-testid="upload-progress"
            />
          )}
          {item.status === 'removing' && (
            <CircularProgress size={20} aria-label="Removing" sx={{ position: 'absolute', top: 34, left: 34 }} />
          )}
          <Tooltip title="Remove">
            <IconButton
              size="small"
              aria-label={`Remove ${item.name || 'picture'}`}
              onClick={() => void remove(item.id)}
              disabled={item.status === 'removing'}
              sx={{
                position: 'absolute',
                top: -10,
                right: -10,
                bgcolor: 'background.paper',
                boxShadow: 1,
                '&:hover': { bgcolor: 'background.paper' },
              }}
              data-testid="remove-attachment"
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ))}
    </Stack>
  );
}
