import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  CameraHelper,
  DirectionalLightHelper,
  PointLightHelper,
  SpotLightHelper,
  type DirectionalLight,
  type Light,
  type Object3D,
  type PerspectiveCamera,
  type PointLight,
  type SpotLight,
  type Texture,
} from 'three';
import { figureGeometry } from '../../figures/figure-geometry';
import type { LoadedModel } from '../../local-model/model-loaders';
import { loadFileTexture } from '../file-texture';
import { loadModelFiles } from '../model-files';
import { setModelStatus } from '../model-status';
import type { NodeOf } from '../scene-model';
import { useFileSource } from './file-source';

const noRaycast = () => undefined;

/** Objects under the loader's root (for formats that do not count their nodes). */
function countBelow(root: Object3D): number {
  let count = -1;
  root.traverse(() => count++);
  return count;
}

/** Whether the object and all its parents are shown. */
function shownInWorld(object: Object3D): boolean {
  for (let current: Object3D | null = object; current; current = current.parent) if (!current.visible) return false;
  return true;
}

/**
 * A helper only the editor draws (a light's lines, a camera's frustum): added to the scene beside the
 * object it shows, never picked by the pointer, shown while its object is, and never exported.
 */
function useEditorHelper(
  make: (() => (Object3D & { update?: () => void; dispose: () => void }) | null) | null,
  owner: Object3D | null,
) {
  const scene = useThree((state) => state.scene);
  const helper = useMemo(() => (make && owner ? make() : null), [make, owner]);
  useEffect(() => {
    if (!helper) return;
    helper.userData.editorHelper = true;
    helper.traverse((part) => {
      part.raycast = noRaycast;
    });
    scene.add(helper);
    return () => {
      scene.remove(helper);
      helper.dispose();
    };
  }, [helper, scene]);
  useFrame(() => {
    if (!helper || !owner) return;
    helper.update?.();
    helper.visible = shownInWorld(owner);
  });
}

/** What the pointer picks a light or a camera by: an invisible ball around it. */
function Picker() {
  return (
    <mesh name="picker">
      <sphereGeometry args={[0.3, 8, 6]} />
      <meshBasicMaterial visible={false} />
    </mesh>
  );
}

function useFileTexture(id: string | null): Texture | null {
  const source = useFileSource();
  const invalidate = useThree((state) => state.invalidate);
  const [texture, setTexture] = useState<Texture | null>(null);
  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    let made: Texture | null = null;
    void source(id)
      .then((file) => (file && !cancelled ? loadFileTexture(file) : null))
      .then((loaded) => {
        if (!loaded) return;
        if (cancelled) return loaded.dispose();
        made = loaded;
        setTexture(loaded);
        invalidate();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      made?.dispose();
      setTexture(null);
    };
  }, [id, source, invalidate]);
  return id ? texture : null;
}

export function FigureContent({ node }: { node: NodeOf<'figure'> }) {
  const geometry = useMemo(() => figureGeometry(node.shape), [node.shape]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  const map = useFileTexture(node.material.map);
  const { color, metalness, roughness, opacity, emissive, emissiveIntensity } = node.material;
  return (
    <mesh geometry={geometry} castShadow={node.shape !== 'plane'} receiveShadow>
      {/* A map added or taken away changes the shader: a new material rather than a stale one. */}
      <meshStandardMaterial
        key={map ? map.uuid : 'plain'}
        color={color}
        metalness={metalness}
        roughness={roughness}
        opacity={opacity}
        transparent={opacity < 1}
        emissive={emissive}
        emissiveIntensity={emissiveIntensity}
        map={map}
      />
    </mesh>
  );
}

const SHADOW = { 'shadow-mapSize': [1024, 1024], 'shadow-bias': -0.0005, 'shadow-normalBias': 0.02 } as const;

export function LightContent({ node, editing }: { node: NodeOf<'light'>; editing: boolean }) {
  const [light, setLight] = useState<Light | null>(null);
  const { kind, color, intensity, castShadow, distance, angle, penumbra } = node.light;
  // Directional and spot lights shine along their -Z axis (as glTF's do): their target rides along.
  useLayoutEffect(() => {
    const aimed = light as DirectionalLight | SpotLight | null;
    if (!aimed?.target) return;
    aimed.add(aimed.target);
    aimed.target.position.set(0, 0, -1);
  }, [light]);
  const helper = useMemo(() => {
    if (!editing) return null;
    if (kind === 'directional') return () => new DirectionalLightHelper(light as DirectionalLight, 0.6, color);
    if (kind === 'point') return () => new PointLightHelper(light as PointLight, 0.25, color);
    if (kind === 'spot') return () => new SpotLightHelper(light as SpotLight, color);
    return null;
  }, [editing, kind, light, color]);
  useEditorHelper(helper, light);
  return (
    <>
      {kind === 'ambient' && <ambientLight ref={setLight} color={color} intensity={intensity} />}
      {kind === 'directional' && (
        <directionalLight
          ref={setLight}
          color={color}
          intensity={intensity}
          castShadow={castShadow}
          {...SHADOW}
          shadow-camera-left={-10}
          shadow-camera-right={10}
          shadow-camera-top={10}
          shadow-camera-bottom={-10}
          shadow-camera-near={0.5}
          shadow-camera-far={60}
        />
      )}
      {kind === 'point' && (
        <pointLight
          ref={setLight}
          color={color}
          intensity={intensity}
          distance={distance}
          decay={2}
          castShadow={castShadow}
          {...SHADOW}
        />
      )}
      {kind === 'spot' && (
        <spotLight
          ref={setLight}
          color={color}
          intensity={intensity}
          distance={distance}
          angle={angle}
          penumbra={penumbra}
          decay={2}
          castShadow={castShadow}
          {...SHADOW}
        />
      )}
      {editing && kind === 'ambient' && (
        <mesh raycast={noRaycast} userData={{ editorHelper: true }}>
          <octahedronGeometry args={[0.22]} />
          <meshBasicMaterial color={color} wireframe />
        </mesh>
      )}
      {editing && <Picker />}
    </>
  );
}

export function CameraContent({ node, editing, looking }: { node: NodeOf<'camera'>; editing: boolean; looking: boolean }) {
  const { fov, near, far } = node.camera;
  const size = useThree((state) => state.size);
  const aspect = size.width / Math.max(1, size.height);
  const view = useRef<PerspectiveCamera>(null);
  const [icon, setIcon] = useState<PerspectiveCamera | null>(null);
  useLayoutEffect(() => {
    view.current?.updateProjectionMatrix();
    icon?.updateProjectionMatrix();
  }, [fov, near, far, aspect, icon]);
  // The helper draws a short frustum (a camera seeing to 200 would cross the whole view).
  const helper = useMemo(() => (editing && !looking ? () => new CameraHelper(icon!) : null), [editing, looking, icon]);
  useEditorHelper(helper, icon);
  return (
    <>
      <perspectiveCamera ref={view} fov={fov} near={near} far={far} aspect={aspect} userData={{ viewCamera: true }} />
      {editing && <perspectiveCamera ref={setIcon} fov={fov} near={0.05} far={Math.min(far, 0.8)} aspect={aspect} />}
      {editing && <Picker />}
    </>
  );
}

export function ModelContent({ node }: { node: NodeOf<'model'> }) {
  const source = useFileSource();
  const invalidate = useThree((state) => state.invalidate);
  const [loaded, setLoaded] = useState<LoadedModel | null>(null);
  const [failed, setFailed] = useState(false);
  const files = node.model.files.join(' ');
  const { id } = node;
  useEffect(() => {
    let cancelled = false;
    let model: LoadedModel | null = null;
    setFailed(false);
    setModelStatus(id, { state: 'loading' });
    loadModelFiles(files.split(' '), source)
      .then((result) => {
        if (cancelled) return result.release();
        model = result;
        result.object.traverse((part) => {
          part.castShadow = true;
          part.receiveShadow = true;
        });
        setLoaded(result);
        setModelStatus(id, { state: 'ready', nodes: result.nodes ?? countBelow(result.object) });
        invalidate();
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setFailed(true);
        setModelStatus(id, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      cancelled = true;
      model?.release();
      setLoaded(null);
      setModelStatus(id, null);
    };
  }, [id, files, source, invalidate]);
  if (failed) {
    // A model that cannot be shown is a red wire box where it stands, so that it can still be picked and removed.
    return (
      <mesh>
        <boxGeometry args={[1, 1, 1]} />
        <meshBasicMaterial color="#e53935" wireframe />
      </mesh>
    );
  }
  return loaded ? <primitive object={loaded.object} /> : null;
}
