import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import type { AccountRole } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { useSetRole } from '../api/accounts';
import { ConfirmDialog } from './confirm-dialog';
import { errorText } from './error-text';

export const ROLE_LABELS = { none: 'No role', staff: 'Staff', owner: 'Owner' } as const;

/** Owners only: gives or takes a role (staff runs the shop and moderation; owner also grants roles). */
export function RoleDialog({ account, onClose }: { account: { id: number; email: string; role: AccountRole }; onClose(): void }) {
  const setRole = useSetRole();
  const [role, setChoice] = useState<keyof typeof ROLE_LABELS>(account.role ?? 'none');
  return (
    <ConfirmDialog
      open
      title={`Role of ${account.email}`}
      text="Staff run the shop and moderation; owners can also give and take roles. The change applies at once."
      confirmLabel="Change role"
      pending={setRole.isPending}
      error={errorText(setRole.error)}
      onClose={onClose}
      onConfirm={() =>
        setRole.mutate(
          { id: account.id, role: role === 'none' ? null : role },
          {
            onSuccess: () => {
              showAlert(`${account.email}: ${ROLE_LABELS[role]}.`, 'success');
              onClose();
            },
          },
        )
      }
      testId="role-dialog"
    >
      <TextField
        select
        label="Role"
        value={role}
        onChange={(event) => setChoice(event.target.value as keyof typeof ROLE_LABELS)}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'role-select' } as object } }}
      >
        {Object.entries(ROLE_LABELS).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
    </ConfirmDialog>
  );
}
