import type { Hyper3dMaterial } from '@portal/contracts';
import { mixHex } from '../../scene/colour';

/**
 * A material drawn as a lit ball in CSS, without WebGL: the base colour shaded from the light's side,
 * a highlight that is small and sharp on a smooth material and wide and dim on a rough one (tinted by
 * the colour on metals, whose diffuse part darkens), the texture under it, the opacity over a
 * checkerboard, and an emissive glow.
 */
export function swatchStyle(material: Hyper3dMaterial, textureUrl?: string | null) {
  const { color, metalness, roughness, opacity, emissive, emissiveIntensity } = material;
  const base = mixHex(color, '#000000', metalness * 0.45);
  const shade = mixHex(base, '#000000', 0.6);
  const highlight = mixHex('#ffffff', color, metalness * 0.8);
  const strength = (0.2 + 0.75 * (1 - roughness)).toFixed(2);
  const spread = Math.round(8 + 42 * roughness);
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(highlight.slice(i, i + 2), 16));
  const layers = [
    `radial-gradient(circle at 34% 30%, rgba(${r}, ${g}, ${b}, ${strength}) 0%, rgba(${r}, ${g}, ${b}, 0) ${spread}%)`,
    `radial-gradient(circle at 40% 35%, ${base}00 0%, ${shade}cc 100%)`,
    ...(textureUrl ? [`url("${textureUrl}") center / cover`] : []),
    base,
  ];
  const glowing = emissive !== '#000000' && emissiveIntensity > 0;
  return {
    background: layers.join(', '),
    opacity,
    boxShadow: glowing ? `0 0 ${Math.round(4 + 10 * Math.min(emissiveIntensity, 3))}px ${emissive}` : 'none',
  };
}

/** The swatch in words, for screen readers. */
export function describeMaterial(material: Hyper3dMaterial, textureName?: string): string {
  const percent = (value: number) => `${Math.round(value * 100)}%`;
  return [
    `colour ${material.color}`,
    `metalness ${percent(material.metalness)}`,
    `roughness ${percent(material.roughness)}`,
    `opacity ${percent(material.opacity)}`,
    material.emissive !== '#000000' && material.emissiveIntensity > 0 ? `glowing ${material.emissive}` : 'not glowing',
    textureName ? `texture ${textureName}` : 'no texture',
  ].join(', ');
}
