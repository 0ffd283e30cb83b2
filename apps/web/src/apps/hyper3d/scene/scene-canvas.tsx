import { Box, useTheme } from '@mui/material';
import { Canvas } from '@react-three/fiber';
import { useId, useMemo, useRef, type ReactNode } from 'react';
import { CanvasErrorBoundary, CanvasProblem, NO_WEBGL_MESSAGE } from './canvas-error-boundary';
import { RendererProbe } from './renderer-probe';
import { sceneColors, type SceneColors } from './scene-colors';
import { hasWebGl } from './webgl-support';

interface Props {
  /** The accessible name of the 3D view. */
  label: string;
  /** A text account of what the view shows, read by screen readers. */
  description: ReactNode;
  camera: { position: [number, number, number]; fov?: number };
  frameloop?: 'always' | 'demand';
  testId: string;
  onPointerMissed?: () => void;
  /** Drawn over the canvas (progress, messages). */
  overlay?: ReactNode;
  children: (colors: SceneColors) => ReactNode;
}

/** A WebGL view in its own error boundary, with the theme's colours, soft shadows and an accessible name. */
export function SceneCanvas({
  label,
  description,
  camera,
  frameloop = 'demand',
  testId,
  onPointerMissed,
  overlay,
  children,
}: Props) {
  const mode = useTheme().palette.mode;
  const colors = useMemo(() => sceneColors(mode), [mode]);
  const container = useRef<HTMLDivElement>(null);
  const descriptionId = useId();
  const supported = useMemo(hasWebGl, []);

  return (
    <Box
      ref={container}
      data-testid={testId}
      sx={{
        position: 'relative',
        height: '100%',
        minHeight: 320,
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: colors.background,
        border: 1,
        borderColor: 'divider',
        touchAction: 'none',
      }}
    >
      <CanvasErrorBoundary>
        {supported ? (
          <Box role="img" aria-label={label} aria-describedby={descriptionId} sx={{ position: 'absolute', inset: 0 }}>
            <Canvas
              shadows="percentage"
              frameloop={frameloop}
              dpr={[1, 2]}
              camera={{ position: camera.position, fov: camera.fov ?? 45, near: 0.05, far: 500 }}
              onPointerMissed={onPointerMissed}
            >
              <color attach="background" args={[colors.background]} />
              <RendererProbe container={container} />
              {children(colors)}
            </Canvas>
          </Box>
        ) : (
          <CanvasProblem message={NO_WEBGL_MESSAGE} />
        )}
      </CanvasErrorBoundary>
      <Box id={descriptionId} sx={{ display: 'none' }}>
        {description}
      </Box>
      {overlay}
    </Box>
  );
}
