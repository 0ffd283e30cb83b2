import {
  BoxGeometry,
  DataTexture,
  Group,
  Mesh,
  MeshStandardMaterial,
  Points,
  BufferGeometry,
  Float32BufferAttribute,
} from 'three';
import { describe, expect, it, vi } from 'vitest';
import { disposeObject } from './dispose-object';
import { frameBox, gridSize } from './frame-camera';
import { computeStats } from './model-stats';
import { Box3, Vector3 } from 'three';

function scene() {
  const texture = new DataTexture(new Uint8Array(4), 1, 1);
  const textured = new MeshStandardMaterial({ map: texture, normalMap: texture });
  const plain = new MeshStandardMaterial();
  const box = new BoxGeometry(1, 1, 1);
  const group = new Group();
  group.add(new Mesh(box, textured), new Mesh(box, [plain, textured]));
  const cloud = new BufferGeometry();
  cloud.setAttribute('position', new Float32BufferAttribute([0, 0, 0, 1, 1, 1, 2, 2, 2], 3));
  group.add(new Points(cloud));
  return { group, texture, textured, plain, box, cloud };
}

describe('model statistics and release', () => {
  it('counts meshes, vertices, triangles and distinct materials and textures', () => {
    expect(computeStats(scene().group)).toEqual({
      nodes: 3,
      meshes: 3,
      vertices: 24 + 24 + 3,
      triangles: 24,
      materials: 3,
      textures: 1,
    });
  });

  it('disposes every geometry, material and texture once', () => {
    const { group, texture, textured, plain, box, cloud } = scene();
    const spies = [texture, textured, plain, box, cloud].map((resource) => vi.spyOn(resource, 'dispose'));
    const parent = new Group().add(group);
    expect(disposeObject(group)).toEqual({ geometries: 2, materials: 3, textures: 1 });
    spies.forEach((spy) => expect(spy).toHaveBeenCalledTimes(1));
    expect(parent.children).toHaveLength(0);
  });

  it('frames a model whole, whatever its scale', () => {
    for (const scale of [0.01, 1, 500]) {
      const box = new Box3(new Vector3(-scale, 0, -scale), new Vector3(scale, 2 * scale, scale));
      const framing = frameBox(box, 45, 16 / 9);
      const distance = framing.position.distanceTo(framing.target);
      expect(framing.target.toArray()).toEqual([0, scale, 0]);
      expect(distance).toBeGreaterThan(framing.radius * 2);
      expect(framing.near).toBeLessThan(distance - framing.radius);
      expect(framing.far).toBeGreaterThan(distance + framing.radius);
    }
    expect(gridSize(1)).toBe(5);
    expect(gridSize(40)).toBe(200);
  });
});
