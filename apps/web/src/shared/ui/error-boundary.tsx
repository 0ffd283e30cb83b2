import { Alert, Box, Button } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Changing it (e.g. the path) clears a caught error. */
  resetKey?: string;
  children: ReactNode;
}

/** One per app: a crash in one app's page (a 3D canvas, say) shows a message, not a blank portal. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A page crashed:', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box sx={{ maxWidth: 720, mx: 'auto', my: 6, px: 2 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => this.setState({ error: null })}>
              Try again
            </Button>
          }
        >
          Something went wrong on this page: {this.state.error.message}
        </Alert>
      </Box>
    );
  }
}
