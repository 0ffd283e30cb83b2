import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertArea } from '../../../shared/alerts/alert-area';
import { clearAlert } from '../../../shared/alerts/alert-store';
import { DeleteRecordDialog, useRecordDialogs } from './record-dialogs';

interface Zone {
  id: number;
  name: string;
}
const ZONES: Zone[] = [
  { id: 1, name: 'Iberia' },
  { id: 2, name: 'Nordics' },
];

/** A list page as the Shipping, Tax rates and Discounts pages use the two. */
function ZonesList({ deleteZone }: { deleteZone(id: number): Promise<void> }) {
  const remove = useMutation({ mutationFn: deleteZone });
  const dialogs = useRecordDialogs<Zone>(remove);
  return (
    <>
      <button onClick={() => dialogs.edit(null)}>New zone</button>
      {ZONES.map((zone) => (
        <span key={zone.id}>
          <button onClick={() => dialogs.edit(zone)}>Edit {zone.name}</button>
          <button onClick={() => dialogs.confirmDelete(zone)}>Delete {zone.name}</button>
        </span>
      ))}
      <p data-testid="editing">
        {dialogs.editing === undefined ? 'no editor' : dialogs.editing === null ? 'a new zone' : dialogs.editing.name}
      </p>
      <DeleteRecordDialog
        record={dialogs.deleting}
        remove={remove}
        title={(zone) => `Delete ${zone?.name ?? 'the zone'}?`}
        text="Its countries are no longer shipped to."
        deleted={(zone) => `Zone ${zone.name} deleted.`}
        onClose={dialogs.close}
        testId="delete-dialog"
      />
    </>
  );
}

function renderList(deleteZone: (id: number) => Promise<void>) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <AlertArea />
      <ZonesList deleteZone={deleteZone} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  clearAlert();
});

describe('the record dialogs of a back-office list', () => {
  it('opens the editor for a new record or one of the list, and nothing else', () => {
    renderList(vi.fn());
    expect(screen.getByTestId('editing').textContent).toBe('no editor');
    fireEvent.click(screen.getByText('New zone'));
    expect(screen.getByTestId('editing').textContent).toBe('a new zone');
    fireEvent.click(screen.getByText('Edit Nordics'));
    expect(screen.getByTestId('editing').textContent).toBe('Nordics');
    expect(screen.queryByTestId('delete-dialog')).toBeNull();
  });

  it(
    "keeps a refused delete's reason in the dialog, forgets it on the next opening, and deletes by id with an alert",
    { timeout: 30_000 },
    async () => {
      const deleteZone = vi
        .fn()
        .mockRejectedValueOnce(new Error('Orders are being placed with it.'))
        .mockResolvedValueOnce(undefined);
      renderList(deleteZone);

      fireEvent.click(screen.getByText('Delete Iberia'));
      let dialog = await screen.findByTestId('delete-dialog');
      expect(within(dialog).getByText('Delete Iberia?')).toBeTruthy();
      fireEvent.click(within(dialog).getByTestId('dialog-confirm'));
      expect(await within(dialog).findByTestId('dialog-error')).toHaveProperty('textContent', 'Orders are being placed with it.');
      expect(deleteZone).toHaveBeenCalledTimes(1);
      expect(deleteZone.mock.calls[0]![0]).toBe(1);
      expect(screen.queryByTestId('editing')!.textContent).toBe('no editor');

      fireEvent.click(within(dialog).getByText('Cancel'));
      await waitFor(() => expect(screen.queryByTestId('delete-dialog')).toBeNull());
      fireEvent.click(screen.getByText('Delete Iberia'));
      dialog = await screen.findByTestId('delete-dialog');
      expect(within(dialog).queryByTestId('dialog-error')).toBeNull();

      fireEvent.click(within(dialog).getByTestId('dialog-confirm'));
      await waitFor(() => expect(screen.getByTestId('alert').textContent).toContain('Zone Iberia deleted.'));
      expect(screen.getByTestId('alert').dataset.alertType).toBe('success');
      expect(deleteZone).toHaveBeenCalledTimes(2);
      expect(deleteZone.mock.calls[1]![0]).toBe(1);
      await waitFor(() => expect(screen.queryByTestId('delete-dialog')).toBeNull());
    },
  );
});
