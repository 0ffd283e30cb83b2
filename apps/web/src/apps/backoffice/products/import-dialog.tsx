import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { PRODUCT_CSV_COLUMNS, PRODUCT_IMPORT_MAX_BYTES, type ProductImportResult } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { useImportProducts } from '../api/csv';
import { errorText } from '../components/error-text';

/** What the preview says: "2 products or variants created, 5 updated". */
export function importSummary(result: ProductImportResult): string {
  const created = `${result.created} ${result.created === 1 ? 'variant' : 'variants'} created`;
  const updated = `${result.updated} updated`;
  if (result.applied) return `Imported: ${created}, ${updated}.`;
  if (result.errors.length > 0) return `Nothing can be imported while the file has errors (${created}, ${updated} otherwise).`;
  return `The file would make ${result.created} new and update ${result.updated}: nothing is written until you import it.`;
}

/**
 * Issue 28: "Import products" — choose a CSV file (the export's columns), see a dry run of what it
 * does (created, updated, every error with its row), then import it; the upload shows its progress.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const titleId = useId();
  const inputId = useId();
  const importer = useImportProducts();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [preview, setPreview] = useState<ProductImportResult | null>(null);

  const reset = () => {
    importer.reset();
    setPreview(null);
    setProgress(0);
  };
  const close = () => {
    reset();
    setFile(null);
    onClose();
  };
  const send = (dryRun: boolean) => {
    if (!file) return;
    setProgress(0);
    importer.mutate(
      { file, dryRun, onProgress: setProgress },
      {
        onSuccess: (result) => {
          setPreview(result);
          if (result.applied) {
            showAlert(importSummary(result), 'success');
            close();
          }
        },
      },
    );
  };
  const tooLarge = file !== null && file.size > PRODUCT_IMPORT_MAX_BYTES;
  const canImport = preview !== null && preview.dry_run && preview.errors.length === 0 && !importer.isPending;

  return (
    <Dialog open={open} onClose={importer.isPending ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Import products</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            A CSV file with the columns of the export ({PRODUCT_CSV_COLUMNS.join(', ')}). Rows with a variant_id update it; rows
            without create products or variants. Nothing is written unless the whole file is right.
          </DialogContentText>
          <Box>
            <Button
              component="label"
              htmlFor={inputId}
              variant="outlined"
              startIcon={<UploadFileIcon />}
              disabled={importer.isPending}
            >
              Choose a CSV file
            </Button>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file"
              hidden
              onChange={(event) => {
                reset();
                setFile(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="import-file-name">
              {file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : 'No file chosen.'}
            </Typography>
          </Box>
          {tooLarge && <Alert severity="error">The file is larger than {PRODUCT_IMPORT_MAX_BYTES / 1024 / 1024} MB.</Alert>}
          {importer.isPending && (
            <Box>
              <Typography variant="body2">
                {progress < 1 ? `Uploading — ${Math.round(progress * 100)}%` : 'Reading the file…'}
              </Typography>
              <LinearProgress
                variant={progress < 1 ? 'determinate' : 'indeterminate'}
                value={progress * 100}
                aria-label="Uploading the file"
              />
            </Box>
          )}
          {importer.isError && <Alert severity="error">{errorText(importer.error)}</Alert>}
          {preview && (
            <Box data-testid="import-preview" aria-live="polite">
              <Alert severity={preview.errors.length > 0 ? 'error' : 'info'}>{importSummary(preview)}</Alert>
              {preview.errors.length > 0 && (
                <List dense aria-label="Errors in the file" sx={{ maxHeight: 240, overflow: 'auto' }}>
                  {preview.errors.map((error) => (
                    <ListItem key={`${error.row}-${error.message}`} disableGutters>
                      <ListItemText primary={`Row ${error.row}: ${error.message}`} />
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={importer.isPending}>
          Cancel
        </Button>
        <Button onClick={() => send(true)} disabled={!file || tooLarge || importer.isPending}>
          Check the file
        </Button>
        <Button variant="contained" onClick={() => send(false)} disabled={!canImport} loading={importer.isPending && canImport}>
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
