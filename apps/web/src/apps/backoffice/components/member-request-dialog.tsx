import { TextField } from '@mui/material';
import { useState } from 'react';
import { showAlert } from '../../../shared/alerts/alert-store';
import { formatBytes } from '../../../shared/format/bytes';
import { useDeleteMemberAccount, useExportMemberData } from '../api/accounts';
import { ConfirmDialog } from './confirm-dialog';
import { errorText } from './error-text';

export type MemberRequest = 'export' | 'delete';

const TEXTS = {
  export: {
    title: (email: string) => `Export the data of ${email}?`,
    text: 'On the member’s request: a ZIP of everything the portal keeps about them is saved here, to send them. The export is recorded in the audit log with your reason. A very large one is emailed to the member instead.',
    confirm: 'Export',
  },
  delete: {
    title: (email: string) => `Delete the account of ${email}?`,
    text: 'On the member’s request: their account, profiles, posts, comments, messages, pictures and AI conversations are deleted at once and their sessions end. Orders stay for the accounts, without their name, address, email or phone. This cannot be undone; it is recorded in the audit log with your reason.',
    confirm: 'Delete account',
  },
} as const;

/** Issue 26: a member's data request done by staff, with the request as the audit's reason. */
export function MemberRequestDialog({
  account,
  request,
  onClose,
}: {
  account: { id: number; email: string };
  request: MemberRequest;
  onClose(): void;
}) {
  const exporting = useExportMemberData();
  const deleting = useDeleteMemberAccount();
  const [reason, setReason] = useState('');
  const [received, setReceived] = useState(0);
  const action = request === 'export' ? exporting : deleting;
  const texts = TEXTS[request];

  const confirm = () => {
    if (request === 'export') {
      exporting.mutate(
        { id: account.id, reason, onBytes: setReceived },
        {
          onSuccess: (outcome) => {
            showAlert(
              outcome === 'emailed'
                ? `The data of ${account.email} is large: they will get an email with a download link.`
                : `The data of ${account.email} was downloaded.`,
              'success',
            );
            onClose();
          },
        },
      );
    } else {
      deleting.mutate(
        { id: account.id, reason },
        {
          onSuccess: () => {
            showAlert(`The account of ${account.email} is deleted.`, 'success');
            onClose();
          },
        },
      );
    }
  };

  return (
    <ConfirmDialog
      open
      title={texts.title(account.email)}
      text={texts.text}
      confirmLabel={action.isPending && request === 'export' && received > 0 ? `${formatBytes(received)}…` : texts.confirm}
      danger={request === 'delete'}
      pending={action.isPending}
      error={errorText(action.error)}
      onClose={onClose}
      onConfirm={confirm}
      testId={`member-${request}-dialog`}
    >
      <TextField
        label="The member’s request"
        required
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        helperText="How and when they asked, e.g. “Email of 3 May to support”"
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'member-request-reason' } }}
      />
    </ConfirmDialog>
  );
}
