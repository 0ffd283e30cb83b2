import { describe, expect, it } from 'vitest';
import { extensionOf, pickModel, resolveResource } from './file-set';

const files = (...names: string[]) => names.map((name) => ({ name }));

describe('file set', () => {
  it('finds the model among its resources', () => {
    const set = pickModel(files('Crate.BIN', 'wood.png', 'Crate.gltf'));
    expect('error' in set).toBe(false);
    if ('error' in set) return;
    expect(set.main.name).toBe('Crate.gltf');
    expect(set.format).toBe('gltf');
    expect([...set.resources.keys()]).toEqual(['crate.bin', 'wood.png', 'crate.gltf']);
  });

  it('pairs an OBJ with its material library, preferring the same name', () => {
    const set = pickModel(files('other.mtl', 'chair.mtl', 'chair.obj'));
    expect('error' in set ? null : set.mtl?.name).toBe('chair.mtl');
  });

  it('recognises every supported format', () => {
    for (const [name, format] of [
      ['a.glb', 'glb'],
      ['a.stl', 'stl'],
      ['a.ply', 'ply'],
      ['a.fbx', 'fbx'],
    ]) {
      const set = pickModel(files(name!));
      expect('error' in set ? set.error : set.format).toBe(format);
    }
  });

  it('explains files it cannot open', () => {
    expect(pickModel(files('notes.txt'))).toEqual({ error: expect.stringContaining('"notes.txt" is not a 3D model') });
    expect(pickModel([])).toEqual({ error: 'No file was opened.' });
  });

  it('resolves references by file name, decoded, whatever the folder or case', () => {
    const resources = new Map(files('wood grain.png', 'scene.bin').map((file) => [file.name, file]));
    expect(resolveResource('textures/Wood%20Grain.png?v=2', resources)?.name).toBe('wood grain.png');
    expect(resolveResource('..\\data\\scene.bin', resources)?.name).toBe('scene.bin');
    expect(resolveResource('missing.png', resources)).toBeUndefined();
    expect(extensionOf('archive.tar.GZ')).toBe('gz');
  });
});
