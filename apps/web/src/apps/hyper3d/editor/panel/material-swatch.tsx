import { Box } from '@mui/material';
import type { Hyper3dMaterial } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { fileById } from '../file-store';
import { describeMaterial, swatchStyle } from './swatch-style';

/** A preview of the material: a lit ball over a checkerboard (which shows through when it is see-through). */
export function MaterialSwatch({ material, textureName }: { material: Hyper3dMaterial; textureName?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!material.map) return;
    let made: string | null = null;
    let cancelled = false;
    void fileById(material.map).then((file) => {
      if (!file || cancelled) return;
      made = URL.createObjectURL(file);
      setUrl(made);
    });
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [material.map]);
  return (
    <Box
      role="img"
      aria-label={`Material preview: ${describeMaterial(material, textureName)}`}
      data-testid="material-swatch"
      sx={{
        width: 72,
        height: 72,
        flexShrink: 0,
        borderRadius: 2,
        display: 'grid',
        placeItems: 'center',
        background: 'repeating-conic-gradient(#b0b0b0 0% 25%, #f4f4f4 0% 50%) 0 0 / 16px 16px',
      }}
    >
      <Box sx={{ width: 58, height: 58, borderRadius: '50%', ...swatchStyle(material, material.map ? url : null) }} />
    </Box>
  );
}
