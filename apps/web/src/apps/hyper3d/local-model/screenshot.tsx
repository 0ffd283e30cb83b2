import { useThree } from '@react-three/fiber';
import { useEffect, type RefObject } from 'react';

export type Capture = () => Promise<Blob>;

/** Lets the page take a PNG of the view: draws a frame and reads the canvas before the browser clears it. */
export function ScreenshotBridge({ capture }: { capture: RefObject<Capture | null> }) {
  const gl = useThree((state) => state.gl);
  const scene = useThree((state) => state.scene);
  const camera = useThree((state) => state.camera);
  useEffect(() => {
    capture.current = () =>
      new Promise((resolve, reject) => {
        gl.render(scene, camera);
        gl.domElement.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('The view could not be captured.'))),
          'image/png',
        );
      });
    return () => {
      capture.current = null;
    };
  }, [gl, scene, camera, capture]);
  return null;
}

export { downloadBlob } from '../storage/download-blob';
