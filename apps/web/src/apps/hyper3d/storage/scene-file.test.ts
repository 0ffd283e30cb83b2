import { AnimationMixer, type Mesh } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { demoFigures, poseAt } from '../animate/animate-model';
import { initialFigures } from '../figures/figures-store';
import { animationObject, exportGlb, studioObject } from './glb-export';
import { parseScene, serializeScene } from './scene-file';

describe('scene files', () => {
  it('reads back exactly what it wrote, for the studio and the animation', () => {
    const studio = initialFigures();
    const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T; // -0 is written as 0
    expect(parseScene('studio', serializeScene('studio', studio))).toEqual({ figures: plain(studio) });
    const animation = demoFigures();
    expect(parseScene('animation', serializeScene('animation', animation))).toEqual({ figures: plain(animation) });
  });

  it('refuses what is not a scene, saying why', () => {
    expect(parseScene('studio', '{oops', '"a.json"')).toEqual({
      error: '"a.json" is not a Hyper 3D studio scene: it is not valid JSON.',
    });
    expect(parseScene('studio', serializeScene('animation', demoFigures()))).toEqual({
      error: 'The file is not a Hyper 3D studio scene: it is a Hyper 3D animation. Import it on its own page.',
    });
    const studio = JSON.parse(serializeScene('studio', initialFigures())) as { figures: { size: number; color: string }[] };
    studio.figures[0]!.size = 50;
    expect(parseScene('studio', JSON.stringify(studio))).toMatchObject({ error: expect.stringMatching(/at figures\.0\.size/) });
    studio.figures[0]!.size = 1;
    studio.figures[1]!.color = 'red';
    expect(parseScene('studio', JSON.stringify(studio))).toMatchObject({
      error: expect.stringMatching(/#rrggbb \(at figures\.1\.color\)/),
    });
    const animation = JSON.parse(serializeScene('animation', demoFigures())) as { figures: { keys: unknown[] }[] };
    animation.figures[0]!.keys = [];
    expect(parseScene('animation', JSON.stringify(animation))).toMatchObject({
      error: expect.stringMatching(/at least one keyframe/),
    });
    expect(parseScene('animation', '{"app":"hyper3d","kind":"animation","version":2,"figures":[]}')).toHaveProperty('error');
  });
});

describe('GLB export', () => {
  const bytes = (blob: Blob) =>
    new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsArrayBuffer(blob);
    });
  const load = async (blob: Blob) => new GLTFLoader().parseAsync(await bytes(blob), '');

  it('exports the studio figures in their own colours', async () => {
    const figures = initialFigures();
    const gltf = await load(await exportGlb(studioObject(figures)));
    const meshes: Mesh[] = [];
    gltf.scene.traverse((object) => (object as Mesh).isMesh && meshes.push(object as Mesh));
    expect(meshes.map((mesh) => mesh.name)).toEqual(figures.map((figure) => figure.name.replace(/ /g, '_')));
  });

  it('exports the animation as a clip that moves each figure as the timeline does', async () => {
    const figures = demoFigures();
    const { root, clip } = animationObject(figures);
    const gltf = await load(await exportGlb(root, [clip]));
    expect(gltf.animations).toHaveLength(1);
    expect(gltf.animations[0]!.duration).toBeCloseTo(4);
    const cone = gltf.scene.getObjectByName('Cone')!;
    const mixer = new AnimationMixer(gltf.scene);
    mixer.clipAction(gltf.animations[0]!).play();
    mixer.setTime(1);
    expect(cone.position.y).toBeCloseTo(
      poseAt(
        figures.find((f) => f.name === 'Cone')!,
        1,
      ).position[1],
      3,
    );
  });
});
