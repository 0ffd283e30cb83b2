import CloseIcon from '@mui/icons-material/Close';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { Box, Chip, IconButton, LinearProgress, Stack, Tooltip } from '@mui/material';
import type { AiAttachment } from '@portal/contracts';
import { useDocumentStore } from '../store/document-attachments-store';

/** "12 pages · 34,567 characters": what the server read of a document. */
export const documentSize = (attachment: AiAttachment) =>
  `${attachment.pages} page${attachment.pages === 1 ? '' : 's'} · ${attachment.characters.toLocaleString('en')} characters`;

/** The documents attached to the next question: each with its upload's progress, then its size, and a remove button. */
export function AttachedDocuments() {
  const documents = useDocumentStore((state) => state.items);
  const remove = useDocumentStore((state) => state.remove);
  if (documents.length === 0) return null;
  return (
    <Stack direction="row" component="ul" aria-label="Attached documents" sx={{ p: 0, m: 0, flexWrap: 'wrap', gap: 1 }}>
      {documents.map((item) => (
        <Box
          component="li"
          key={item.id}
          sx={{ listStyle: 'none', maxWidth: '100%' }}
          data-testid="document"
          data-status={item.status}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, maxWidth: '100%' }}>
            <Chip
              icon={<DescriptionOutlinedIcon />}
              label={item.uploaded ? `${item.name} · ${documentSize(item.uploaded)}` : `${item.name} · reading…`}
              variant="outlined"
              sx={{ maxWidth: '100%' }}
            />
            <Tooltip title="Remove">
              <IconButton
                size="small"
                aria-label={`Remove ${item.name}`}
                onClick={() => void remove(item.id)}
                disabled={item.status === 'removing'}
                data-testid="remove-document"
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
          {item.status === 'uploading' && (
            <LinearProgress
              variant={item.progress < 1 ? 'determinate' : 'indeterminate'}
              value={Math.round(item.progress * 100)}
              aria-label={`Uploading ${item.name}`}
              sx={{ mt: 0.5, borderRadius: 1 }}
            />
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** The documents sent with a question, under it. */
export function QuestionDocuments({ documents }: { documents: AiAttachment[] }) {
  if (documents.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mb: 1 }}>
      {documents.map((document) => (
        <Chip
          key={document.id}
          size="small"
          icon={<DescriptionOutlinedIcon />}
          label={`${document.name} · ${documentSize(document)}`}
          sx={{ bgcolor: 'background.paper', color: 'text.primary', maxWidth: '100%' }}
          data-testid="question-document"
        />
      ))}
    </Box>
  );
}
