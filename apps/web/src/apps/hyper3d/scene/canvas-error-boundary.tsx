import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Around every WebGL canvas: a canvas that cannot start (no WebGL, a lost context) shows why. */
export class CanvasErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('The 3D view crashed:', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <CanvasProblem message={this.state.error.message} onRetry={() => this.setState({ error: null })} />;
  }
}

export function CanvasProblem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 2 }}>
      <Alert
        severity="error"
        data-testid="canvas-error"
        action={
          onRetry && (
            <Button color="inherit" onClick={onRetry}>
              Try again
            </Button>
          )
        }
      >
        <AlertTitle>The 3D view cannot be shown</AlertTitle>
        {message}
      </Alert>
    </Box>
  );
}

export const NO_WEBGL_MESSAGE =
  'This browser or device has WebGL turned off or unavailable. Turn on hardware acceleration, or try another browser.';
