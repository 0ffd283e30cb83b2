// A small glTF 2.0 writer for the models the team makes by hand (the Hyper 3D sample and test
// fixtures): meshes from three's BufferGeometry, PBR materials, a node tree, animations, PNG textures.
const FLOAT = 5126;
const UNSIGNED_SHORT = 5123;
const UNSIGNED_INT = 5125;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;

const TYPE_SIZES = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4 };

export class GltfBuilder {
  constructor() {
    this.json = {
      asset: { version: '2.0', generator: 'portal scripts/3d-models' },
      scene: 0,
      scenes: [{ nodes: [] }],
      nodes: [],
      meshes: [],
      materials: [],
      accessors: [],
      bufferViews: [],
    };
    this.chunks = [];
    this.byteLength = 0;
  }

  /** Appends bytes to the binary buffer (4-byte aligned) and returns the buffer view's index. */
  addBufferView(bytes, target) {
    const padding = (4 - (this.byteLength % 4)) % 4;
    if (padding) this.chunks.push(Buffer.alloc(padding));
    this.byteLength += padding;
    const view = { buffer: 0, byteOffset: this.byteLength, byteLength: bytes.byteLength };
    if (target) view.target = target;
    this.chunks.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    this.byteLength += bytes.byteLength;
    this.json.bufferViews.push(view);
    return this.json.bufferViews.length - 1;
  }

  addAccessor(array, type, target, withBounds = false) {
    const componentType = array instanceof Float32Array ? FLOAT : array instanceof Uint16Array ? UNSIGNED_SHORT : UNSIGNED_INT;
    const size = TYPE_SIZES[type];
    const accessor = { bufferView: this.addBufferView(array, target), componentType, count: array.length / size, type };
    if (withBounds) {
      accessor.min = Array.from({ length: size }, (_, i) => Math.min(...array.filter((_, j) => j % size === i)));
      accessor.max = Array.from({ length: size }, (_, i) => Math.max(...array.filter((_, j) => j % size === i)));
    }
    this.json.accessors.push(accessor);
    return this.json.accessors.length - 1;
  }

  /** A PNG image, embedded in the binary buffer or (with `uri`) kept as a file beside the .gltf. */
  addTexture(png, uri) {
    this.json.images ??= [];
    this.json.textures ??= [];
    this.json.samplers ??= [{ magFilter: 9729, minFilter: 9987 }];
    this.json.images.push(uri ? { uri } : { bufferView: this.addBufferView(png), mimeType: 'image/png' });
    this.json.textures.push({ source: this.json.images.length - 1, sampler: 0 });
    return this.json.textures.length - 1;
  }

  addMaterial({ name, color = [1, 1, 1], metallic = 0, roughness = 0.6, texture, emissive }) {
    const material = {
      name,
      pbrMetallicRoughness: { baseColorFactor: [...color, 1], metallicFactor: metallic, roughnessFactor: roughness },
    };
    if (texture !== undefined) material.pbrMetallicRoughness.baseColorTexture = { index: texture };
    if (emissive) material.emissiveFactor = emissive;
    this.json.materials.push(material);
    return this.json.materials.length - 1;
  }

  /** A mesh of one primitive from a three.js BufferGeometry (position, normal, uv, index). */
  addMesh(name, geometry, material) {
    const attributes = {
      POSITION: this.addAccessor(new Float32Array(geometry.attributes.position.array), 'VEC3', ARRAY_BUFFER, true),
      NORMAL: this.addAccessor(new Float32Array(geometry.attributes.normal.array), 'VEC3', ARRAY_BUFFER),
    };
    if (geometry.attributes.uv) {
      attributes.TEXCOORD_0 = this.addAccessor(new Float32Array(geometry.attributes.uv.array), 'VEC2', ARRAY_BUFFER);
    }
    const primitive = { attributes, material };
    if (geometry.index) {
      const count = geometry.attributes.position.count;
      const indices = count > 65535 ? new Uint32Array(geometry.index.array) : new Uint16Array(geometry.index.array);
      primitive.indices = this.addAccessor(indices, 'SCALAR', ELEMENT_ARRAY_BUFFER);
    }
    this.json.meshes.push({ name, primitives: [primitive] });
    return this.json.meshes.length - 1;
  }

  /** A node; `parent` undefined puts it at the scene's root. */
  addNode({ name, mesh, translation, rotation, scale }, parent) {
    const node = { name };
    if (mesh !== undefined) node.mesh = mesh;
    if (translation) node.translation = translation;
    if (rotation) node.rotation = rotation;
    if (scale) node.scale = scale;
    this.json.nodes.push(node);
    const index = this.json.nodes.length - 1;
    if (parent === undefined) this.json.scenes[0].nodes.push(index);
    else (this.json.nodes[parent].children ??= []).push(index);
    return index;
  }

  /** `channels`: { node, path: 'translation' | 'rotation' | 'scale', times: number[], values: number[] }. */
  addAnimation(name, channels) {
    const animation = { name, channels: [], samplers: [] };
    for (const { node, path, times, values } of channels) {
      const input = this.addAccessor(new Float32Array(times), 'SCALAR', undefined, true);
      const output = this.addAccessor(new Float32Array(values), path === 'rotation' ? 'VEC4' : 'VEC3');
      animation.samplers.push({ input, output, interpolation: 'LINEAR' });
      animation.channels.push({ sampler: animation.samplers.length - 1, target: { node, path } });
    }
    (this.json.animations ??= []).push(animation);
  }

  binary() {
    const padding = (4 - (this.byteLength % 4)) % 4;
    return Buffer.concat([...this.chunks, Buffer.alloc(padding)]);
  }

  /** The glTF binary container: a JSON chunk and a BIN chunk. */
  toGlb() {
    const bin = this.binary();
    const json = { ...this.json, buffers: [{ byteLength: bin.byteLength }] };
    let jsonBytes = Buffer.from(JSON.stringify(json));
    jsonBytes = Buffer.concat([jsonBytes, Buffer.alloc((4 - (jsonBytes.length % 4)) % 4, 0x20)]);
    const header = Buffer.alloc(12);
    header.write('glTF', 0, 'ascii');
    header.writeUInt32LE(2, 4);
    header.writeUInt32LE(12 + 8 + jsonBytes.length + 8 + bin.length, 8);
    const chunkHeader = (length, type) => {
      const bytes = Buffer.alloc(8);
      bytes.writeUInt32LE(length, 0);
      bytes.write(type, 4, 'ascii');
      return bytes;
    };
    return Buffer.concat([header, chunkHeader(jsonBytes.length, 'JSON'), jsonBytes, chunkHeader(bin.length, 'BIN\0'), bin]);
  }

  /** A .gltf (JSON) whose buffer is the file `binName` beside it. */
  toGltf(binName) {
    const bin = this.binary();
    const json = { ...this.json, buffers: [{ uri: binName, byteLength: bin.byteLength }] };
    return { gltf: JSON.stringify(json, null, 1), bin };
  }
}
