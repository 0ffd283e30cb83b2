import { SRGBColorSpace, TextureLoader, type Texture } from 'three';

/** A texture image file as a colour map (sRGB). The blob: URL lives only while the image decodes. */
export async function loadFileTexture(file: Blob): Promise<Texture> {
  const url = URL.createObjectURL(file);
  try {
    const texture = await new TextureLoader().loadAsync(url);
    texture.colorSpace = SRGBColorSpace;
    return texture;
  } finally {
    URL.revokeObjectURL(url);
  }
}
