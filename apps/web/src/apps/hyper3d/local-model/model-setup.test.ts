import fs from 'node:fs';
import path from 'node:path';
import { BoxGeometry, BufferAttribute, type BufferGeometry, Group, Mesh, MeshStandardMaterial, type Material } from 'three';
import { describe, expect, it } from 'vitest';
import { pickModel, type FileSet } from './file-set';
import { loadModel } from './model-loaders';
import { applyUpAxis, defaultUpAxis, modelSize, needsNormals, orientedSize, prepareMeshes } from './model-setup';

const FIXTURES = path.join(import.meta.dirname, '../../../../../../e2e/fixtures/hyper3d');
function setOf(name: string): FileSet {
  const set = pickModel([new File([fs.readFileSync(path.join(FIXTURES, name))], name)]);
  if ('error' in set) throw new Error(set.error);
  return set;
}
const rounded = (size: number[]) => size.map((value) => Math.round(value * 1000) / 1000);

describe('up axis', () => {
  it('stands a Z-up model upright: its Z extent becomes the height', () => {
    const root = new Group().add(new Mesh(new BoxGeometry(1, 2, 3)));
    expect(rounded(modelSize(root))).toEqual([1, 2, 3]);
    applyUpAxis(root, 'z');
    expect(rounded(modelSize(root))).toEqual([1, 3, 2]);
    applyUpAxis(root, 'y');
    expect(rounded(modelSize(root))).toEqual([1, 2, 3]);
    expect(orientedSize([1, 2, 3], 'z')).toEqual([1, 3, 2]);
    expect(orientedSize([1, 2, 3], 'y')).toEqual([1, 2, 3]);
  });

  it('turns +Z to +Y, not upside down', () => {
    const root = new Group().add(new Mesh(new BoxGeometry(1, 1, 1).translate(0, 0, 5)));
    applyUpAxis(root, 'z');
    const child = root.children[0] as Mesh;
    child.geometry.computeBoundingBox();
    const top = child.geometry.boundingBox!.max.clone().applyMatrix4(child.matrixWorld);
    expect(top.y).toBeCloseTo(5.5);
  });

  it('expects STL and PLY to be Z-up and the glTF family Y-up', () => {
    expect(defaultUpAxis('stl')).toBe('z');
    expect(defaultUpAxis('ply')).toBe('z');
    expect(defaultUpAxis('glb')).toBe('y');
    expect(defaultUpAxis('obj')).toBe('y');
  });
});

describe('normals and materials', () => {
  it('recomputes normals that are missing or all zero, and keeps real ones', () => {
    const zeros = new BoxGeometry(1, 1, 1);
    zeros.setAttribute('normal', new BufferAttribute(new Float32Array(zeros.getAttribute('position').count * 3), 3));
    expect(needsNormals(zeros)).toBe(true);
    const none = new BoxGeometry(1, 1, 1).deleteAttribute('normal');
    expect(needsNormals(none)).toBe(true);
    expect(needsNormals(new BoxGeometry(1, 1, 1))).toBe(false);

    const root = new Group().add(new Mesh(zeros, new MeshStandardMaterial()), new Mesh(new BoxGeometry(1, 1, 1)));
    expect(prepareMeshes(root)).toEqual({ normals: 1, materials: 0 });
    expect(needsNormals(zeros)).toBe(false);
    const length = Math.hypot(
      zeros.getAttribute('normal').getX(0),
      zeros.getAttribute('normal').getY(0),
      zeros.getAttribute('normal').getZ(0),
    );
    expect(length).toBeCloseTo(1);
  });

  it('gives a mesh without material a lit default one', () => {
    const mesh = new Mesh(new BoxGeometry(1, 1, 1));
    (mesh as { material: Material | Material[] }).material = [];
    expect(prepareMeshes(new Group().add(mesh))).toEqual({ normals: 0, materials: 1 });
    expect(mesh.material).toBeInstanceOf(MeshStandardMaterial);
  });

  it('loads an STL written without normals lit, grey and marked Z-up', async () => {
    const model = await loadModel(setOf('tower-z-up.stl'), () => {});
    expect(model.upAxis).toBe('z');
    const mesh = model.object.getObjectByProperty('isMesh', true) as Mesh<BufferGeometry, MeshStandardMaterial>;
    expect(needsNormals(mesh.geometry)).toBe(false);
    expect(mesh.material).toBeInstanceOf(MeshStandardMaterial);
    expect(mesh.material.color.getHexString()).toBe('b8c4cc');
    expect(rounded(modelSize(model.object))).toEqual([1, 1, 3]);
    applyUpAxis(model.object, model.upAxis);
    expect(rounded(modelSize(model.object))).toEqual([1, 3, 1]);
    model.release();
  });
});
