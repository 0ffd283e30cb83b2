import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { OrbitControls as ThreeOrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

interface Props {
  target?: [number, number, number];
  minDistance?: number;
  maxDistance?: number;
  /** Keeps the camera above the ground. */
  aboveGround?: boolean;
}

/**
 * three's OrbitControls on the scene's camera: drag to orbit, right-drag or two fingers to pan, wheel or
 * pinch to zoom. Registered as the scene's `controls` so that other parts (framing a model) can move it.
 */
export function OrbitControls({ target = [0, 0.8, 0], minDistance = 2, maxDistance = 40, aboveGround = false }: Props) {
  const camera = useThree((state) => state.camera);
  const element = useThree((state) => state.gl.domElement);
  const invalidate = useThree((state) => state.invalidate);
  const setState = useThree((state) => state.set);
  const controls = useMemo(() => new ThreeOrbitControls(camera, element), [camera, element]);
  const [tx, ty, tz] = target;

  useEffect(() => {
    controls.enableDamping = true;
    controls.dampingFactor = 0.12;
    controls.minDistance = minDistance;
    controls.maxDistance = maxDistance;
    if (aboveGround) controls.maxPolarAngle = Math.PI / 2 - 0.05;
    controls.target.set(tx, ty, tz);
    controls.update();
    const onChange = () => invalidate();
    controls.addEventListener('change', onChange);
    setState({ controls });
    return () => {
      controls.removeEventListener('change', onChange);
      controls.dispose();
      setState({ controls: null });
    };
  }, [controls, invalidate, setState, minDistance, maxDistance, aboveGround, tx, ty, tz]);

  useFrame(() => controls.update());
  return null;
}
