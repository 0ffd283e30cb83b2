import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useId, type FormEvent, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  /** A destructive action's button is red. */
  danger?: boolean;
  pending: boolean;
  /** The server's refusal (a 409's message, a field error), shown in the dialog. */
  error: string | null;
  onConfirm(): void;
  onClose(): void;
  /** Fields the action takes (a reason, a tracking note). */
  children?: ReactNode;
  testId?: string;
}

/** Asks before a back-office action; the action's error stays in the dialog, next to what caused it. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  danger = false,
  pending,
  error,
  onConfirm,
  onClose,
  children,
  testId,
}: ConfirmDialogProps) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid={testId}
      slotProps={{ paper: { component: 'form', onSubmit: submit } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText component="div">{text}</DialogContentText>
          {children}
          {error && (
            <Alert severity="error" data-testid="dialog-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={danger ? 'error' : 'primary'}
          loading={pending}
          data-testid="dialog-confirm"
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
