import { useTheme } from '@mui/material';
import { useFrame, useThree, type ThreeEvent } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { BoxHelper, GridHelper, PerspectiveCamera } from 'three';
import { FitCamera } from '../../scene/fit-camera';
import { OrbitControls } from '../../scene/orbit-controls';
import { SceneCanvas } from '../../scene/scene-canvas';
import type { SceneColors } from '../../scene/scene-colors';
import { TransformGizmo } from '../../scene/transform-gizmo';
import { useEditorStore, useSelectedNode } from '../editor-store';
import { childrenOf, isShown, nodeById, type SceneDoc, type Vec3 } from '../scene-model';
import { NodeObject } from './node-object';
import { isEditorHelper, nodeIdOf } from './object-registry';
import { useNodeObject } from './use-node-object';

const noRaycast = () => undefined;

/** The floor grid of the editor (not part of the scene: never exported, never picked). */
function EditorGrid({ colors }: { colors: SceneColors }) {
  const grid = useMemo(() => {
    const helper = new GridHelper(20, 20, colors.gridCentre, colors.grid);
    helper.userData.editorHelper = true;
    helper.raycast = noRaycast;
    return helper;
  }, [colors]);
  useEffect(() => () => grid.dispose(), [grid]);
  return <primitive object={grid} position-y={0.002} />;
}

/** A box around the selected object, as the three.js editor draws it. */
function SelectionBox({ id }: { id: string | null }) {
  const object = useNodeObject(id);
  const scene = useThree((state) => state.scene);
  const accent = useTheme().palette.primary.main;
  const box = useMemo(() => (object ? new BoxHelper(object, accent) : null), [object, accent]);
  useEffect(() => {
    if (!box) return;
    box.userData.editorHelper = true;
    box.raycast = noRaycast;
    scene.add(box);
    return () => {
      scene.remove(box);
      box.dispose();
    };
  }, [box, scene]);
  useFrame(() => {
    if (!box || !object) return;
    box.update();
    box.visible = object.visible;
  });
  return null;
}

const clamp = (values: Vec3, min: number, max: number) => values.map((value) => Math.min(max, Math.max(min, value))) as Vec3;

/** The gizmo on the selected object, unless it is locked, hidden, or the view looks through a camera. */
function EditorGizmo() {
  const selected = useSelectedNode();
  const mode = useEditorStore((state) => state.gizmo);
  const lookThrough = useEditorStore((state) => state.lookThrough);
  const shown = useEditorStore((state) => (selected ? isShown(state.doc, selected.id) : false));
  const object = useNodeObject(selected?.id ?? null);
  if (!selected || !object || selected.locked || lookThrough || !shown) return null;
  return (
    <TransformGizmo
      target={object}
      mode={mode}
      onEnd={(pose, verb) =>
        useEditorStore
          .getState()
          .transform(
            selected.id,
            { position: clamp(pose.position, -1e5, 1e5), rotation: pose.rotation, scale: clamp(pose.scale, 0.001, 1000) },
            verb,
          )
      }
    />
  );
}

/** Shows the scene through one of its cameras (the editor's own camera waits meanwhile). */
function LookThrough({ id }: { id: string }) {
  const object = useNodeObject(id);
  const set = useThree((state) => state.set);
  const get = useThree((state) => state.get);
  useLayoutEffect(() => {
    const camera = object?.children.find((child) => child.userData.viewCamera) as PerspectiveCamera | undefined;
    if (!(camera instanceof PerspectiveCamera)) return;
    const own = get().camera;
    const { width, height } = get().size;
    camera.aspect = width / Math.max(1, height);
    camera.updateProjectionMatrix();
    set({ camera });
    return () => set({ camera: own });
  }, [object, set, get]);
  return null;
}

function describe(doc: SceneDoc, selectedId: string | null, lookThrough: string | null): string {
  const names = doc.nodes.map((node) => node.name);
  const selected = nodeById(doc, selectedId);
  const camera = nodeById(doc, lookThrough);
  return (
    `${doc.nodes.length} objects: ${names.join(', ')}. ` +
    (selected ? `${selected.name} is selected. ` : 'None is selected. ') +
    (camera
      ? `The view looks through ${camera.name}.`
      : 'Drag to orbit, scroll to zoom; the outline picks objects with the keyboard.')
  );
}

/** The editor's view: the scene's own lights and objects, the grid and helpers, picking, the gizmo. */
export function EditorScene() {
  const doc = useEditorStore((state) => state.doc);
  const selectedId = useEditorStore((state) => state.selectedId);
  const lookThrough = useEditorStore((state) => state.lookThrough);
  const roots = useMemo(() => childrenOf(doc, null), [doc]);

  const pick = (event: ThreeEvent<MouseEvent>) => {
    // The gizmo's handles take their own clicks; hidden and locked objects let the click through to what is behind.
    if (isEditorHelper(event.object)) return event.stopPropagation();
    const id = nodeIdOf(event.object);
    const state = useEditorStore.getState();
    if (!id || !isShown(state.doc, id) || nodeById(state.doc, id)?.locked) return;
    event.stopPropagation();
    state.select(id);
  };

  return (
    <SceneCanvas
      testId="editor-canvas"
      label="3D view of the scene"
      description={describe(doc, selectedId, lookThrough)}
      camera={{ position: [7, 5.5, 9] }}
      onPointerMissed={() => useEditorStore.getState().select(null)}
    >
      {(colors) => (
        <>
          {!lookThrough && <OrbitControls target={[0, 0.8, 0]} minDistance={1} maxDistance={80} />}
          {!lookThrough && <FitCamera />}
          <EditorGrid colors={colors} />
          <group onClick={pick}>
            {roots.map((node) => (
              <NodeObject key={node.id} node={node} doc={doc} editing lookThrough={lookThrough} />
            ))}
          </group>
          {!lookThrough && <SelectionBox id={selectedId} />}
          <EditorGizmo />
          {lookThrough && <LookThrough id={lookThrough} />}
        </>
      )}
    </SceneCanvas>
  );
}
