// Writes the Hyper 3D sample model and the browser tests' 3D fixtures (committed; run again after a change):
//   node scripts/3d-models/make-3d-models.mjs
import fs from 'node:fs';
import path from 'node:path';
import { BoxGeometry, CylinderGeometry, Quaternion, SphereGeometry, Vector3 } from 'three';
import { GltfBuilder } from './gltf-builder.mjs';
import { makePng } from './png.mjs';

const ROOT = path.join(import.meta.dirname, '..', '..');
const SAMPLE_DIR = path.join(ROOT, 'apps/web/src/apps/hyper3d/assets');
const FIXTURES_DIR = path.join(ROOT, 'e2e/fixtures/hyper3d');

const quaternion = (axis, angle) => new Quaternion().setFromAxisAngle(new Vector3(...axis), angle).toArray();
const quaternions = (axis, angles) => angles.flatMap((angle) => quaternion(axis, angle));

/** The sample that the Local Model page shows before a file is opened: a small robot with three clips. */
function sampleRobot() {
  const b = new GltfBuilder();
  const teal = b.addMaterial({ name: 'Teal paint', color: [0.05, 0.45, 0.4], metallic: 0.3, roughness: 0.45 });
  const steel = b.addMaterial({ name: 'Brushed steel', color: [0.78, 0.8, 0.82], metallic: 0.8, roughness: 0.35 });
  const dark = b.addMaterial({ name: 'Rubber', color: [0.12, 0.13, 0.15], roughness: 0.9 });
  const glow = b.addMaterial({ name: 'Eye glow', color: [0.1, 0.9, 1], emissive: [0.1, 0.8, 1] });
  const orange = b.addMaterial({ name: 'Signal orange', color: [1, 0.45, 0.1], roughness: 0.4 });

  const robot = b.addNode({ name: 'Robot' });
  b.addNode({ name: 'Body', mesh: b.addMesh('Body', new BoxGeometry(1, 1.1, 0.7), teal), translation: [0, 1.15, 0] }, robot);
  const head = b.addNode(
    { name: 'Head', mesh: b.addMesh('Head', new BoxGeometry(0.8, 0.6, 0.6), steel), translation: [0, 2.05, 0] },
    robot,
  );
  const eye = b.addMesh('Eye', new SphereGeometry(0.09, 16, 12), glow);
  b.addNode({ name: 'Left eye', mesh: eye, translation: [-0.18, 0.05, 0.29] }, head);
  b.addNode({ name: 'Right eye', mesh: eye, translation: [0.18, 0.05, 0.29] }, head);
  b.addNode(
    { name: 'Antenna', mesh: b.addMesh('Antenna', new CylinderGeometry(0.03, 0.03, 0.3, 12), dark), translation: [0, 0.45, 0] },
    head,
  );
  b.addNode(
    { name: 'Antenna tip', mesh: b.addMesh('Antenna tip', new SphereGeometry(0.08, 16, 12), orange), translation: [0, 0.64, 0] },
    head,
  );
  const arm = b.addMesh('Arm', new BoxGeometry(0.2, 0.8, 0.2), steel);
  const shoulders = [-0.62, 0.62].map((x, i) => {
    const pivot = b.addNode({ name: i === 0 ? 'Right shoulder' : 'Left shoulder', translation: [x, 1.6, 0] }, robot);
    b.addNode({ name: i === 0 ? 'Right arm' : 'Left arm', mesh: arm, translation: [0, -0.4, 0] }, pivot);
    return pivot;
  });
  const leg = b.addMesh('Leg', new BoxGeometry(0.3, 0.6, 0.3), dark);
  b.addNode({ name: 'Right leg', mesh: leg, translation: [-0.25, 0.3, 0] }, robot);
  b.addNode({ name: 'Left leg', mesh: leg, translation: [0.25, 0.3, 0] }, robot);

  b.addAnimation('Wave', [
    {
      node: shoulders[0],
      path: 'rotation',
      times: [0, 0.5, 0.9, 1.3, 2],
      values: quaternions([0, 0, 1], [0, -2.6, -2.1, -2.6, 0]),
    },
  ]);
  b.addAnimation('Look around', [
    { node: head, path: 'rotation', times: [0, 1, 2, 3], values: quaternions([0, 1, 0], [0, 0.7, -0.7, 0]) },
  ]);
  b.addAnimation('Hover', [{ node: robot, path: 'translation', times: [0, 0.8, 1.6], values: [0, 0, 0, 0, 0.25, 0, 0, 0, 0] }]);
  return b.toGlb();
}

/** One box with two clips: "Spin" (rotation) and "Bounce" (translation). 1 mesh, 24 vertices, 12 triangles. */
function animatedBox() {
  const b = new GltfBuilder();
  const material = b.addMaterial({ name: 'Box paint', color: [0.9, 0.35, 0.2] });
  const box = b.addNode({ name: 'Box', mesh: b.addMesh('Box', new BoxGeometry(1, 1, 1), material) });
  const turns = [0, Math.PI / 2, Math.PI, (3 * Math.PI) / 2, 2 * Math.PI];
  b.addAnimation('Spin', [{ node: box, path: 'rotation', times: [0, 0.5, 1, 1.5, 2], values: quaternions([0, 1, 0], turns) }]);
  b.addAnimation('Bounce', [{ node: box, path: 'translation', times: [0, 0.5, 1], values: [0, 0, 0, 0, 1, 0, 0, 0, 0] }]);
  return b.toGlb();
}

const checker = (a, b) => makePng(64, (x, y) => (((x >> 3) + (y >> 3)) % 2 ? a : b));

/** A .gltf with its buffer and texture in files beside it (dropped together). */
function texturedCrate() {
  const b = new GltfBuilder();
  const texture = b.addTexture(undefined, 'crate-texture.png');
  const material = b.addMaterial({ name: 'Crate wood', texture, roughness: 0.8 });
  b.addNode({ name: 'Crate', mesh: b.addMesh('Crate', new BoxGeometry(1.2, 1.2, 1.2), material) });
  return b.toGltf('crate.bin');
}

const PYRAMID_OBJ = `# A square pyramid: two materials, the sides textured
mtllib pyramid.mtl
o Pyramid
v -1 0 -1
v 1 0 -1
v 1 0 1
v -1 0 1
v 0 1.5 0
vt 0 0
vt 1 0
vt 0.5 1
vt 1 1
usemtl base
f 1/1 2/2 3/4
f 1/1 3/4 4/3
usemtl sides
f 4/1 3/2 5/3
f 3/1 2/2 5/3
f 2/1 1/2 5/3
f 1/1 4/2 5/3
`;

const PYRAMID_MTL = `newmtl base
Kd 0.25 0.27 0.3

newmtl sides
Kd 1 1 1
map_Kd stone.png
`;

/** A binary STL octahedron: 8 triangles. */
function octahedronStl() {
  const p = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
  ];
  const faces = [
    [0, 2, 4],
    [2, 1, 4],
    [1, 3, 4],
    [3, 0, 4],
    [2, 0, 5],
    [1, 2, 5],
    [3, 1, 5],
    [0, 3, 5],
  ];
  const bytes = Buffer.alloc(84 + faces.length * 50);
  bytes.write('portal octahedron', 0, 'ascii');
  bytes.writeUInt32LE(faces.length, 80);
  faces.forEach((face, i) => {
    const [a, b2, c] = face.map((index) => new Vector3(...p[index]));
    const normal = new Vector3().subVectors(b2, a).cross(new Vector3().subVectors(c, a)).normalize();
    [normal, a, b2, c].forEach((v, j) =>
      v.toArray().forEach((value, k) => bytes.writeFloatLE(value, 84 + i * 50 + j * 12 + k * 4)),
    );
  });
  return bytes;
}

const QUAD_PLY = `ply
format ascii 1.0
comment a coloured square, for the loader tests
element vertex 4
property float x
property float y
property float z
property uchar red
property uchar green
property uchar blue
element face 2
property list uchar int vertex_indices
end_header
-1 -1 0 255 0 0
1 -1 0 0 255 0
1 1 0 0 0 255
-1 1 0 255 255 0
3 0 1 2
3 0 2 3
`;

/** An ASCII FBX 7.3 tetrahedron with one clip, "Turn" (a rotation about Y). */
const TETRA_FBX = `; FBX 7.3.0 project file, written by hand for the portal's tests
FBXHeaderExtension:  {
	FBXHeaderVersion: 1003
	FBXVersion: 7300
}
GlobalSettings:  {
	Version: 1000
	Properties70:  {
		P: "UpAxis", "int", "Integer", "",1
		P: "UnitScaleFactor", "double", "Number", "",1
	}
}
Objects:  {
	Geometry: 1000, "Geometry::Tetra", "Mesh" {
		Vertices: *12 {
			a: 0,0,0,1,0,0,0,1,0,0,0,1
		}
		PolygonVertexIndex: *12 {
			a: 0,2,-2,0,1,-4,0,3,-3,1,2,-4
		}
		GeometryVersion: 124
	}
	Model: 2000, "Model::Tetra", "Mesh" {
		Version: 232
		Properties70:  {
		}
	}
	AnimationStack: 3000, "AnimStack::Turn", "" {
		Properties70:  {
			P: "LocalStop", "KTime", "Time", "",92372316000
			P: "ReferenceStop", "KTime", "Time", "",92372316000
		}
	}
	AnimationLayer: 3100, "AnimLayer::BaseLayer", "" {
	}
	AnimationCurveNode: 3200, "AnimCurveNode::R", "" {
		Properties70:  {
			P: "d|X", "Number", "", "A",0
			P: "d|Y", "Number", "", "A",0
			P: "d|Z", "Number", "", "A",0
		}
	}
	AnimationCurve: 3300, "AnimCurve::", "" {
		Default: 0
		KeyVer: 4009
		KeyTime: *3 {
			a: 0,46186158000,92372316000
		}
		KeyValueFloat: *3 {
			a: 0,180,360
		}
		KeyAttrFlags: *1 {
			a: 24836
		}
		KeyAttrDataFloat: *4 {
			a: 0,0,0,0
		}
		KeyAttrRefCount: *1 {
			a: 3
		}
	}
}
Connections:  {
	C: "OO",1000,2000
	C: "OO",2000,0
	C: "OO",3100,3000
	C: "OO",3200,3100
	C: "OP",3200,2000, "Lcl Rotation"
	C: "OP",3300,3200, "d|Y"
}
`;

/** Starts like a GLB, then nothing a parser can use. */
function corruptGlb() {
  const bytes = Buffer.alloc(64);
  bytes.write('glTF', 0, 'ascii');
  bytes.writeUInt32LE(2, 4);
  bytes.writeUInt32LE(64, 8);
  for (let i = 12; i < 64; i++) bytes[i] = (i * 37) % 251;
  return bytes;
}

fs.mkdirSync(SAMPLE_DIR, { recursive: true });
fs.mkdirSync(FIXTURES_DIR, { recursive: true });
const crate = texturedCrate();
const files = {
  [path.join(SAMPLE_DIR, 'sample-robot.glb')]: sampleRobot(),
  [path.join(FIXTURES_DIR, 'animated-box.glb')]: animatedBox(),
  [path.join(FIXTURES_DIR, 'crate.gltf')]: crate.gltf,
  [path.join(FIXTURES_DIR, 'crate.bin')]: crate.bin,
  [path.join(FIXTURES_DIR, 'crate-texture.png')]: checker([150, 100, 50], [200, 150, 90]),
  [path.join(FIXTURES_DIR, 'pyramid.obj')]: PYRAMID_OBJ,
  [path.join(FIXTURES_DIR, 'pyramid.mtl')]: PYRAMID_MTL,
  [path.join(FIXTURES_DIR, 'stone.png')]: checker([120, 120, 130], [170, 170, 180]),
  [path.join(FIXTURES_DIR, 'octahedron.stl')]: octahedronStl(),
  [path.join(FIXTURES_DIR, 'quad.ply')]: QUAD_PLY,
  [path.join(FIXTURES_DIR, 'tetra.fbx')]: TETRA_FBX,
  [path.join(FIXTURES_DIR, 'corrupt.glb')]: corruptGlb(),
  [path.join(FIXTURES_DIR, 'notes.txt')]: 'Not a 3D model.\n',
};
for (const [file, content] of Object.entries(files)) {
  fs.writeFileSync(file, content);
  console.log(`${path.relative(ROOT, file)} (${Buffer.byteLength(content)} bytes)`);
}
