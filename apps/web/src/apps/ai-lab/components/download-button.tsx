import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';

/** A download button that shows progress while the file is fetched. */
export function DownloadButton({
  onClick,
  pending,
  label = 'Download',
  testId,
  variant = 'contained',
}: {
  onClick(): void;
  pending: boolean;
  label?: string;
  testId: string;
  variant?: 'contained' | 'outlined' | 'text';
}) {
  return (
    <Button
      variant={variant}
      size={variant === 'contained' ? 'medium' : 'small'}
      startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DownloadIcon />}
      onClick={onClick}
      disabled={pending}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
