import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';

/**
 * Issue 27: a post with a content warning is folded behind it until the reader opens it (Mastodon's
 * "Show more"); the button says whether it is open and which region it opens.
 */
export function ContentWarningFold({ warning, children }: { warning: string | null; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  if (!warning) return <>{children}</>;
  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        sx={{ px: 2, pb: 1.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        data-testid="content-warning"
      >
        <WarningAmberIcon color="warning" fontSize="small" aria-hidden />
        <Typography sx={{ fontWeight: 500, flexGrow: 1, overflowWrap: 'anywhere' }}>{warning}</Typography>
        <Button
          size="small"
          variant="outlined"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={regionId}
          data-testid="content-warning-toggle"
        >
          {open ? 'Hide post' : 'Show post'}
        </Button>
      </Stack>
      <Box id={regionId} hidden={!open}>
        {open && children}
      </Box>
    </>
  );
}
