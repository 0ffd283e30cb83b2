import { describe, expect, it } from 'vitest';
import { defaultMaterial } from '../scene-model';
import { describeMaterial, swatchStyle } from './swatch-style';

describe('the material swatch', () => {
  it('draws a smooth material with a small bright highlight and a rough one with a wide dim one', () => {
    const smooth = swatchStyle({ ...defaultMaterial('#1e88e5'), roughness: 0 });
    const rough = swatchStyle({ ...defaultMaterial('#1e88e5'), roughness: 1 });
    expect(smooth.background).toContain('rgba(255, 255, 255, 0.95) 0%, rgba(255, 255, 255, 0) 8%)');
    expect(rough.background).toContain('rgba(255, 255, 255, 0.20) 0%, rgba(255, 255, 255, 0) 50%)');
  });

  it('tints a metal’s highlight with its colour, shows the texture, the opacity and the glow', () => {
    const metal = swatchStyle({ ...defaultMaterial('#ff0000'), metalness: 1, roughness: 0 });
    expect(metal.background).toMatch(/^radial-gradient\(circle at 34% 30%, rgba\(255, 51, 51/);
    const style = swatchStyle(
      { ...defaultMaterial('#00ff00'), opacity: 0.5, emissive: '#ffaa00', emissiveIntensity: 2 },
      'blob:x',
    );
    expect(style.background).toContain('url("blob:x") center / cover');
    expect(style.opacity).toBe(0.5);
    expect(style.boxShadow).toBe('0 0 24px #ffaa00');
    expect(swatchStyle(defaultMaterial('#00ff00')).boxShadow).toBe('none');
  });

  it('says what it shows', () => {
    expect(describeMaterial({ ...defaultMaterial('#1e88e5'), metalness: 0.25 }, 'wood.png')).toBe(
      'colour #1e88e5, metalness 25%, roughness 50%, opacity 100%, not glowing, texture wood.png',
    );
  });
});
