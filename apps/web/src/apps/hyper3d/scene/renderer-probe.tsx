import { addAfterEffect, useThree } from '@react-three/fiber';
import { useEffect, type RefObject } from 'react';

/**
 * Writes a few facts about the renderer on the canvas container after each drawn frame, for the browser
 * tests and for anyone inspecting the page: `data-ready` after the first frame, `data-first-frame-ms` (page
 * time of that frame), and `data-geometries` / `data-textures` (three's renderer.info.memory: what is
 * allocated on the GPU).
 */
export function RendererProbe({ container }: { container: RefObject<HTMLElement | null> }) {
  const gl = useThree((state) => state.gl);
  useEffect(
    () =>
      addAfterEffect(() => {
        const element = container.current;
        if (!element) return;
        const { geometries, textures } = gl.info.memory;
        if (element.dataset.ready !== 'true') {
          element.dataset.ready = 'true';
          element.dataset.firstFrameMs = String(Math.round(performance.now()));
        }
        if (element.dataset.geometries !== String(geometries)) element.dataset.geometries = String(geometries);
        if (element.dataset.textures !== String(textures)) element.dataset.textures = String(textures);
      }),
    [gl, container],
  );
  return null;
}
