import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, IconButton, Typography } from '@mui/material';

/** ‹ 1/2 ›: the versions written in one place of the conversation (edits of a question, answers written again). */
export function MessageVersions({
  version,
  versions,
  what,
  disabled,
  onShow,
}: {
  version: number;
  versions: number;
  /** "question" or "answer", for screen readers. */
  what: string;
  disabled: boolean;
  onShow(version: number): void;
}) {
  if (versions < 2) return null;
  return (
    <Box
      sx={{ display: 'inline-flex', alignItems: 'center' }}
      role="group"
      aria-label={`Versions of this ${what}`}
      data-testid="message-versions"
    >
      <IconButton
        size="small"
        color="inherit"
        aria-label={`Previous version of this ${what}`}
        disabled={disabled || version <= 1}
        onClick={() => onShow(version - 1)}
        data-testid="previous-version"
      >
        <ChevronLeftIcon fontSize="small" />
      </IconButton>
      <Typography variant="caption" component="span" sx={{ minWidth: 28, textAlign: 'center' }} data-testid="version-label">
        {version}/{versions}
      </Typography>
      <IconButton
        size="small"
        color="inherit"
        aria-label={`Next version of this ${what}`}
        disabled={disabled || version >= versions}
        onClick={() => onShow(version + 1)}
        data-testid="next-version"
      >
        <ChevronRightIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
