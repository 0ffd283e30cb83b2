import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface ChatBubbleProps {
  sender: 'me' | 'chat';
  /** Who wrote it, for screen readers. */
  author: string;
  children: ReactNode;
  pictures?: string[];
  footnote?: string;
  testId?: string;
  /** `streaming`, `done` or `stopped`, for tests and styles. */
  status?: string;
  /** The children lay themselves out (rendered Markdown): no kept line breaks. */
  formatted?: boolean;
  /** Buttons under the message (copy, regenerate). */
  actions?: ReactNode;
}

/** Read by screen readers, not shown (note: in `sx`, a width of 1 would mean 100%). */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  p: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** One message of a conversation: mine on the right in the app's colour, the chat's on the left. */
export function ChatBubble({
  sender,
  author,
  children,
  pictures = [],
  footnote,
  testId,
  status,
  formatted = false,
  actions,
}: ChatBubbleProps) {
  const mine = sender === 'me';
  return (
    <Box
      component="li"
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', listStyle: 'none' }}
      data-testid={testId}
      data-sender={sender}
      data-status={status}
    >
      <Paper
        variant={mine ? 'elevation' : 'outlined'}
        elevation={0}
        sx={{
          position: 'relative',
          px: 2,
          py: 1.25,
          maxWidth: { xs: '88%', md: '70%' },
          bgcolor: mine ? 'primary.main' : 'background.paper',
          color: mine ? 'primary.contrastText' : 'text.primary',
          borderRadius: 3,
          borderBottomRightRadius: mine ? 4 : undefined,
          borderBottomLeftRadius: mine ? undefined : 4,
        }}
      >
        <Typography component="span" sx={VISUALLY_HIDDEN}>
          {author}:{' '}
        </Typography>
        {pictures.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap' }}>
            {pictures.map((url, index) => (
              <Box
                key={url}
                component="img"
                src={url}
                alt={`Picture ${index + 1} sent with the question`}
                sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1.5 }}
              />
            ))}
          </Box>
        )}
        <Typography component="div" sx={{ whiteSpace: formatted ? 'normal' : 'pre-wrap', overflowWrap: 'anywhere' }}>
          {children}
        </Typography>
        {footnote && (
          <Typography variant="caption" component="p" sx={{ mt: 0.5, opacity: 0.8 }}>
            {footnote}
          </Typography>
        )}
        {actions && <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, ml: -1, mb: -0.75 }}>{actions}</Box>}
      </Paper>
    </Box>
  );
}
