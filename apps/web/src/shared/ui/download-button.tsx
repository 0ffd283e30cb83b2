import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, CircularProgress, Typography, type ButtonProps } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode, Ref } from 'react';

interface Props {
  /** The button's name ("Download invoice"). */
  children: ReactNode;
  /** Fetches the file and hands it to the browser. */
  download: () => Promise<void>;
  icon?: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  'data-testid'?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button that downloads a file made on request (a PDF): a spinner while it comes, the server's
 * words under it when it cannot (e.g. "busy, try again").
 */
export function DownloadButton({
  children,
  download,
  icon = <DownloadIcon />,
  variant = 'outlined',
  size = 'small',
  'data-testid': testId,
  ref,
}: Props) {
  const mutation = useMutation({ mutationFn: download });
  return (
    <Box>
      <Button
        ref={ref}
        variant={variant}
        size={size}
        startIcon={mutation.isPending ? <CircularProgress size={16} aria-hidden /> : icon}
        onClick={() => mutation.mutate()}
        disabled={mutation.isPending}
        aria-busy={mutation.isPending}
        data-testid={testId}
      >
        {children}
      </Button>
      {mutation.isError && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
          {mutation.error.message}
        </Typography>
      )}
    </Box>
  );
}
