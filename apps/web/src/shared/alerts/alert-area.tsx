import { Alert, Box } from '@mui/material';
import { useAlertStore } from './alert-store';

/** The alert at the top of the page: a bulleted list coloured by type, hidden when empty. */
export function AlertArea() {
  const messages = useAlertStore((state) => state.messages);
  const type = useAlertStore((state) => state.type);
  const clear = useAlertStore((state) => state.clear);
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ position: 'sticky', top: 72, zIndex: (theme) => theme.zIndex.snackbar, mx: 'auto', maxWidth: 960, px: 2 }}
    >
      {messages.length > 0 && (
        <Alert
          severity={type}
          variant="filled"
          onClose={clear}
          data-testid="alert"
          data-alert-type={type}
          sx={{ mt: 2, boxShadow: 3 }}
        >
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {messages.map((message, index) => (
              <li key={`${index}-${message}`}>{message}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
