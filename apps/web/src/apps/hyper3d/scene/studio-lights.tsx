import type { SceneColors } from './scene-colors';

/** Soft studio lighting: sky/ground fill, a key light with soft shadows, and a dim back light. */
export function StudioLights({ colors, extent = 8 }: { colors: SceneColors; extent?: number }) {
  return (
    <>
      <hemisphereLight args={[colors.sky, colors.horizon, 1.1]} />
      <ambientLight intensity={0.2} />
      <directionalLight
        position={[5, 9, 6]}
        intensity={2.8}
        castShadow
        shadow-mapSize={[1024, 1024]}
        shadow-radius={6}
        shadow-blurSamples={12}
        shadow-bias={-0.0004}
        shadow-normalBias={0.02}
        shadow-camera-left={-extent}
        shadow-camera-right={extent}
        shadow-camera-top={extent}
        shadow-camera-bottom={-extent}
        shadow-camera-near={1}
        shadow-camera-far={30}
      />
      <directionalLight position={[-6, 4, -5]} intensity={0.6} />
    </>
  );
}

export function Ground({ colors, radius = 14 }: { colors: SceneColors; radius?: number }) {
  return (
    <mesh rotation-x={-Math.PI / 2} receiveShadow name="Ground">
      <circleGeometry args={[radius, 72]} />
      <meshStandardMaterial color={colors.ground} roughness={0.95} />
    </mesh>
  );
}
