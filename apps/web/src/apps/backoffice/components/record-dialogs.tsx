import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../../shared/alerts/alert-store';
import { ConfirmDialog } from './confirm-dialog';
import { errorText } from './error-text';

type Open<T> = { kind: 'edit'; record: T | null } | { kind: 'delete'; record: T } | null;

/** A back-office delete of one record by its id (the pages' `useDelete…` hooks). */
export type DeleteMutation = UseMutationResult<void, Error, number>;

/**
 * Which record of a back-office list (discount codes, shipping zones, tax rates) is open in its edit
 * dialog (null: a new one) or in the confirmation before it is deleted. Opening the confirmation
 * clears the last delete's error.
 */
export function useRecordDialogs<T extends { id: number }>(remove: DeleteMutation) {
  const [open, setOpen] = useState<Open<T>>(null);
  return {
    /** The record in the edit dialog: null for a new one, undefined while it is closed. */
    editing: open?.kind === 'edit' ? open.record : undefined,
    /** The record whose delete is being confirmed. */
    deleting: open?.kind === 'delete' ? open.record : null,
    edit: (record: T | null) => setOpen({ kind: 'edit', record }),
    confirmDelete: (record: T) => {
      remove.reset();
      setOpen({ kind: 'delete', record });
    },
    close: () => setOpen(null),
  };
}

interface DeleteRecordDialogProps<T> {
  /** The record to delete; null keeps the dialog closed. */
  record: T | null;
  remove: DeleteMutation;
  /** What the dialog asks (`Delete X?`), named after the record. */
  title(record: T | null): string;
  /** What deleting it does to the shop. */
  text: string;
  /** The success alert, named after the record. */
  deleted(record: T): string;
  onClose(): void;
  testId?: string;
}

/** Asks before deleting a record; on success says so in the alert and closes, else shows the server's refusal. */
export function DeleteRecordDialog<T extends { id: number }>({
  record,
  remove,
  title,
  text,
  deleted,
  onClose,
  testId,
}: DeleteRecordDialogProps<T>) {
  return (
    <ConfirmDialog
      open={record !== null}
      title={title(record)}
      text={text}
      confirmLabel="Delete"
      danger
      pending={remove.isPending}
      error={errorText(remove.error)}
      onClose={onClose}
      onConfirm={() =>
        record &&
        remove.mutate(record.id, {
          onSuccess: () => {
            showAlert(deleted(record), 'success');
            onClose();
          },
        })
      }
      testId={testId}
    />
  );
}
