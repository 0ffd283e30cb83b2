import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { usePostHistory } from '../api/get-post-history';
import { PostText } from './post-text';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Issue 27: a post's versions, newest first, as Mastodon shows an edited post's history. */
export function PostHistoryDialog({ postId, open, onClose }: { postId: string; open: boolean; onClose(): void }) {
  const history = usePostHistory(postId, open);
  const titleId = useId();
  const versions = history.data?.pages.flatMap((page) => page.results) ?? [];
  const total = history.data?.pages[0]?.count ?? 0;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid="post-history">
      <DialogTitle id={titleId}>Edit history</DialogTitle>
      <DialogContent dividers>
        {history.isPending && <Skeleton variant="rounded" height={96} aria-label="Loading the history" />}
        {history.isError && <Alert severity="error">The history could not be loaded: {history.error.message}</Alert>}
        <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {versions.map((version, index) => (
            <Box
              component="li"
              key={`${version.created_at}-${index}`}
              data-testid="post-version"
              sx={index > 0 ? { borderTop: 1, borderColor: 'divider', pt: 2 } : undefined}
            >
              <Typography variant="overline" color="text.secondary" component="p">
                {index === 0 ? 'Current version' : total - index === 1 ? 'Original' : 'Earlier version'},{' '}
                {when(version.created_at)}
              </Typography>
              {version.content_warning && (
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  Content warning: {version.content_warning}
                </Typography>
              )}
              {version.body ? (
                <PostText text={version.body} variant="body2" />
              ) : (
                <Typography variant="body2">(pictures only)</Typography>
              )}
              {version.alts.some((alt) => alt.alt) && (
                <Typography variant="caption" color="text.secondary" component="p">
                  Picture descriptions: {version.alts.map((alt, n) => `${n + 1}. ${alt.alt ?? '(none)'}`).join(' ')}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        {history.hasNextPage && (
          <Button onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            Older versions
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
