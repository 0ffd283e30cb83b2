import {
  AnimationClip,
  Euler,
  Group,
  Mesh,
  MeshStandardMaterial,
  Quaternion,
  QuaternionKeyframeTrack,
  VectorKeyframeTrack,
  type Object3D,
} from 'three';
import { poseAt, type AnimatedFigure } from '../animate/animate-model';
import { DURATION } from '../animate/keyframes';
import { figureGeometry } from '../figures/figure-geometry';
import { HALF_HEIGHT, type Figure } from '../figures/figure-model';

/** Exports objects as a binary glTF; the exporter is fetched only when someone exports. */
export async function exportGlb(root: Object3D, animations: AnimationClip[] = []): Promise<Blob> {
  const { GLTFExporter } = await import('three/examples/jsm/exporters/GLTFExporter.js');
  const result = await new GLTFExporter().parseAsync(root, { binary: true, animations });
  return new Blob([result as ArrayBuffer], { type: 'model/gltf-binary' });
}

function figureMesh(kind: Figure['kind'], name: string, colour: string, wireframe = false): Mesh {
  const mesh = new Mesh(
    figureGeometry(kind),
    new MeshStandardMaterial({ color: colour, roughness: 0.42, metalness: 0.08, wireframe }),
  );
  mesh.name = name;
  return mesh;
}

/** The studio's figures as they stand, in their own colours (not the selection's red). */
export function studioObject(figures: Figure[]): Group {
  const root = new Group();
  root.name = 'Studio';
  for (const figure of figures) {
    const mesh = figureMesh(figure.kind, figure.name, figure.color, figure.material === 'wireframe');
    mesh.position.set(figure.x, HALF_HEIGHT[figure.kind] * figure.size, figure.z);
    mesh.scale.setScalar(figure.size);
    root.add(mesh);
  }
  return root;
}

const SAMPLES_PER_SECOND = 10;

/**
 * The animation's figures at time 0 and one clip that moves them: sampled ten times a second, so that
 * the eased motion survives glTF's linear interpolation. (glTF cannot animate colours; each keeps its first.)
 */
export function animationObject(figures: AnimatedFigure[]): { root: Group; clip: AnimationClip } {
  const root = new Group();
  root.name = 'Animation';
  const times = Array.from({ length: DURATION * SAMPLES_PER_SECOND + 1 }, (_, i) => i / SAMPLES_PER_SECOND);
  const tracks = figures.flatMap((figure) => {
    const start = poseAt(figure, 0);
    const mesh = figureMesh(figure.kind, figure.name, start.colour);
    mesh.position.set(...start.position);
    mesh.rotation.set(...start.rotation);
    mesh.scale.set(...start.scale);
    root.add(mesh);
    const poses = times.map((time) => poseAt(figure, time));
    const quaternion = new Quaternion();
    return [
      new VectorKeyframeTrack(
        `${mesh.uuid}.position`,
        times,
        poses.flatMap((pose) => pose.position),
      ),
      new QuaternionKeyframeTrack(
        `${mesh.uuid}.quaternion`,
        times,
        poses.flatMap((pose) => quaternion.setFromEuler(new Euler(...pose.rotation)).toArray()),
      ),
      new VectorKeyframeTrack(
        `${mesh.uuid}.scale`,
        times,
        poses.flatMap((pose) => pose.scale),
      ),
    ];
  });
  return { root, clip: new AnimationClip('Animation', DURATION, tracks) };
}

export function disposeExport(root: Object3D): void {
  root.traverse((object) => {
    if (object instanceof Mesh) {
      object.geometry.dispose();
      (object.material as MeshStandardMaterial).dispose();
    }
  });
}
