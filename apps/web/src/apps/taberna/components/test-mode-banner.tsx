import ScienceIcon from '@mui/icons-material/Science';
import { Alert, AlertTitle } from '@mui/material';

/** The built-in checkout is never mistaken for a real payment page. */
export function TestModeBanner() {
  return (
    <Alert severity="warning" icon={<ScienceIcon />} data-testid="test-mode-banner" sx={{ mb: 3 }}>
      <AlertTitle>Test mode — no real money moves</AlertTitle>
      This is the portal's built-in test checkout. Pay with the test card <strong>4242 4242 4242 4242</strong>, or use{' '}
      <strong>4000 0000 0000 0002</strong> to see a declined payment. Any future expiry date and any CVC work.
    </Alert>
  );
}
