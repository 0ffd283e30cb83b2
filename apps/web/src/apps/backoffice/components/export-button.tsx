import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { showAlert } from '../../../shared/alerts/alert-store';
import { downloadCsv } from '../api/csv';
import { errorText } from './error-text';

/** Issue 28: "Export CSV" — the list's rows (with its filters) as a CSV file; a spinner while it downloads. */
export function ExportButton({
  what,
  filters = {},
}: {
  what: 'products' | 'orders' | 'customers';
  filters?: Record<string, string | undefined>;
}) {
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      await downloadCsv(what, filters);
    } catch (error) {
      showAlert(errorText(error) ?? 'The export failed.', 'error');
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      loading={pending}
      onClick={() => void run()}
      data-testid={`export-${what}`}
    >
      Export CSV
    </Button>
  );
}
