import { TextField } from '@mui/material';
import { useState } from 'react';
import { showAlert } from '../../../shared/alerts/alert-store';
import { useSuspendAccount } from '../api/accounts';
import { ConfirmDialog } from './confirm-dialog';
import { errorText } from './error-text';

/** Suspends an account with a reason the person is shown when they try to use the portal. */
export function SuspendDialog({ account, onClose }: { account: { id: number; email: string }; onClose(): void }) {
  const suspend = useSuspendAccount();
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      open
      title={`Suspend ${account.email}?`}
      text="Their sessions and live connections end at once, their posts are hidden and they cannot log in until reinstated. They are shown the reason."
      confirmLabel="Suspend"
      danger
      pending={suspend.isPending}
      error={errorText(suspend.error)}
      onClose={onClose}
      onConfirm={() =>
        suspend.mutate(
          { id: account.id, reason },
          {
            onSuccess: () => {
              showAlert(`${account.email} is suspended.`, 'success');
              onClose();
            },
          },
        )
      }
      testId="suspend-dialog"
    >
      <TextField
        label="Reason"
        required
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        helperText="Shown to the person, e.g. “Spam in posts and chat”"
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'suspend-reason' } }}
      />
    </ConfirmDialog>
  );
}
