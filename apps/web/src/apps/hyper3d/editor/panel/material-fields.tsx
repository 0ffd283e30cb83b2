import ImageIcon from '@mui/icons-material/Image';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useEditorStore } from '../editor-store';
import { importTexture } from '../import-model';
import type { NodeOf } from '../scene-model';
import { MaterialSwatch } from './material-swatch';
import { ColourField, LabelledSlider } from './panel-fields';

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** Physically based material of a figure: colour, metalness, roughness, opacity, emissive glow and a texture image. */
export function MaterialFields({ node }: { node: NodeOf<'figure'> }) {
  const textureName = useEditorStore((state) => state.doc.files.find((file) => file.id === node.material.map)?.name);
  const { setMaterial, setTexture } = useEditorStore.getState();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const { material, locked } = node;
  const set = (what: string) => (value: number | string) => setMaterial(node.id, { [KEYS[what]!]: value }, what);
  return (
    <Stack spacing={1.5} component="section" aria-label="Material" data-testid="material-fields">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <MaterialSwatch material={material} textureName={textureName} />
        <Typography variant="h4" component="h3">
          Material
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        <ColourField label="Colour" value={material.color} disabled={locked} onChange={set('Colour')} />
        <ColourField label="Emissive" value={material.emissive} disabled={locked} onChange={set('Emissive colour')} />
      </Stack>
      <LabelledSlider
        label="Metalness"
        value={material.metalness}
        min={0}
        max={1}
        step={0.01}
        format={percent}
        disabled={locked}
        onChange={set('Metalness')}
      />
      <LabelledSlider
        label="Roughness"
        value={material.roughness}
        min={0}
        max={1}
        step={0.01}
        format={percent}
        disabled={locked}
        onChange={set('Roughness')}
      />
      <LabelledSlider
        label="Opacity"
        value={material.opacity}
        min={0}
        max={1}
        step={0.01}
        format={percent}
        disabled={locked}
        onChange={set('Opacity')}
      />
      <LabelledSlider
        label="Emissive intensity"
        value={material.emissiveIntensity}
        min={0}
        max={10}
        step={0.1}
        disabled={locked}
        onChange={set('Emissive intensity')}
      />
      <Box>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          hidden
          data-testid="texture-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            void importTexture(file).then((result) => {
              if ('error' in result) return setError(result.error);
              setError(null);
              setTexture(node.id, result);
            });
          }}
        />
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<ImageIcon />}
            disabled={locked}
            onClick={() => input.current?.click()}
          >
            {material.map ? 'Change the texture' : 'Add a texture image'}
          </Button>
          {material.map && (
            <Button size="small" disabled={locked} onClick={() => setTexture(node.id, null)}>
              Remove the texture
            </Button>
          )}
        </Stack>
        {textureName && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} noWrap title={textureName}>
            Texture: {textureName}
          </Typography>
        )}
        {error && (
          <Alert severity="error" onClose={() => setError(null)} sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </Box>
    </Stack>
  );
}

const KEYS: Record<string, string> = {
  Colour: 'color',
  'Emissive colour': 'emissive',
  Metalness: 'metalness',
  Roughness: 'roughness',
  Opacity: 'opacity',
  'Emissive intensity': 'emissiveIntensity',
};
