import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickModel, type FileSet } from './file-set';
import { checkGltfReferences, loadModel } from './model-loaders';
import { computeStats } from './model-stats';

const FIXTURES = path.join(import.meta.dirname, '../../../../../../e2e/fixtures/hyper3d');
const fixture = (name: string) => new File([fs.readFileSync(path.join(FIXTURES, name))], name);

function setOf(...names: string[]): FileSet {
  const set = pickModel(names.map(fixture));
  if ('error' in set) throw new Error(set.error);
  return set;
}

describe('loading models (the fixtures the browser tests open)', () => {
  it('loads a GLB with its animation clips, reporting progress', async () => {
    const labels: string[] = [];
    const model = await loadModel(setOf('animated-box.glb'), (_, label) => labels.push(label));
    expect(model.clips.map((clip) => clip.name)).toEqual(['Spin', 'Bounce']);
    expect(computeStats(model.object)).toEqual({ nodes: 2, meshes: 1, vertices: 24, triangles: 12, materials: 1, textures: 0 });
    expect(labels).toContain('Loading the glTF loader');
    model.release();
  });

  it('loads an STL and a PLY with a default material', async () => {
    const stl = await loadModel(setOf('octahedron.stl'), () => {});
    expect(computeStats(stl.object)).toEqual({ nodes: 1, meshes: 1, vertices: 24, triangles: 8, materials: 1, textures: 0 });
    const ply = await loadModel(setOf('quad.ply'), () => {});
    expect(computeStats(ply.object)).toMatchObject({ meshes: 1, vertices: 4, triangles: 2 });
  });

  it('loads an FBX with its animation clip', async () => {
    const model = await loadModel(setOf('tetra.fbx'), () => {});
    expect(model.clips.map((clip) => clip.name)).toEqual(['Turn']);
    expect(computeStats(model.object)).toEqual({ nodes: 2, meshes: 1, vertices: 12, triangles: 4, materials: 1, textures: 0 });
    model.release();
  });

  it('loads an OBJ with the materials of its MTL', async () => {
    const model = await loadModel(setOf('pyramid.obj', 'pyramid.mtl', 'stone.png'), () => {});
    expect(computeStats(model.object)).toEqual({ nodes: 2, meshes: 1, vertices: 18, triangles: 6, materials: 2, textures: 1 });
    model.release();
  });

  it('says clearly when a file is damaged', async () => {
    await expect(loadModel(setOf('corrupt.glb'), () => {})).rejects.toThrow(
      /"corrupt.glb" could not be opened as glTF binary \(GLB\): the file looks damaged/,
    );
  });

  it('names the buffer a .gltf needs when it was not opened with it', async () => {
    await expect(loadModel(setOf('crate.gltf'), () => {})).rejects.toThrow(/it needs "crate.bin", which was not opened with it/);
    const text = fs.readFileSync(path.join(FIXTURES, 'crate.gltf'), 'utf8');
    expect(() => checkGltfReferences(text, setOf('crate.gltf', 'crate.bin'))).not.toThrow();
    expect(() => checkGltfReferences('{oops', setOf('crate.gltf'))).toThrow('it is not valid JSON');
  });
});
