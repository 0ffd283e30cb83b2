import { describe, expect, it } from 'vitest';
import { hyper3dDocumentSchema, type Hyper3dDocument, type Hyper3dNode } from './hyper3d.js';

const node = (id: string, parent: string | null = null): Hyper3dNode => ({
  id,
  name: id,
  parent,
  visible: true,
  locked: false,
  position: [0, 0, 0],
  rotation: [0, 0, 0],
  scale: [1, 1, 1],
  type: 'group',
});
const scene = (nodes: Hyper3dNode[], files: Hyper3dDocument['files'] = []) => ({
  app: 'hyper3d',
  kind: 'scene',
  version: 1,
  nodes,
  files,
});
const problem = (value: unknown) => {
  const result = hyper3dDocumentSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('the Hyper 3D scene document', () => {
  it('takes an outline of groups, figures, lights, cameras and models with their files', () => {
    const model: Hyper3dNode = { ...node('m', 'g'), type: 'model', model: { format: 'glb', files: ['f1'] } };
    const figure: Hyper3dNode = {
      ...node('c', 'g'),
      type: 'figure',
      shape: 'plane',
      material: {
        color: '#AABBCC',
        metalness: 0.5,
        roughness: 0.2,
        opacity: 1,
        emissive: '#000000',
        emissiveIntensity: 1,
        map: 't',
      },
    };
    const light: Hyper3dNode = {
      ...node('l'),
      type: 'light',
      light: { kind: 'spot', color: '#ffffff', intensity: 20, castShadow: true, distance: 0, angle: 0.5, penumbra: 0.2 },
    };
    const camera: Hyper3dNode = { ...node('k'), type: 'camera', camera: { fov: 50, near: 0.1, far: 100 } };
    const files = [
      { id: 'f1', name: 'box.glb', size: 10 },
      { id: 't', name: 'wood grain.png', size: 3 },
    ];
    expect(problem(scene([node('g'), model, figure, light, camera], files))).toBeNull();
  });

  it('refuses loops, missing parents, duplicate ids and files nobody uses or that are missing', () => {
    expect(problem(scene([node('a', 'b'), node('b', 'a')]))).toBe('"a" hangs under itself.');
    expect(problem(scene([node('a', 'a')]))).toBe('"a" hangs under itself.');
    expect(problem(scene([node('a', 'ghost')]))).toBe('"a" hangs under an object that is not in the scene.');
    expect(problem(scene([node('a'), node('a')]))).toBe('Two objects have the same id.');
    expect(problem(scene([node('a')], [{ id: 'f', name: 'x.glb', size: 1 }]))).toBe(
      'The file "x.glb" is not used by any object.',
    );
    const model: Hyper3dNode = { ...node('m'), type: 'model', model: { format: 'stl', files: ['gone'] } };
    expect(problem(scene([model]))).toBe('"m" uses a file that is not in the scene.');
  });

  it('refuses values a renderer cannot use', () => {
    expect(problem(scene([{ ...node('a'), scale: [0, 1, 1] }]))).not.toBeNull();
    expect(problem(scene([{ ...node('a'), position: [Number.NaN, 0, 0] }]))).not.toBeNull();
    const camera: Hyper3dNode = { ...node('k'), type: 'camera', camera: { fov: 50, near: 10, far: 1 } };
    expect(problem(scene([camera]))).toBe('A camera sees from near to far: near must be less than far.');
    expect(problem({ ...scene([]), files: [{ id: 'f', name: '../etc/passwd', size: 1 }] })).toBe(
      'A file name has no slashes or control characters.',
    );
    expect(problem({ ...scene([]), version: 2 })).not.toBeNull();
  });
});
