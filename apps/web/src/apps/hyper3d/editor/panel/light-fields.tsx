import { FormControlLabel, Stack, Switch } from '@mui/material';
import type { Hyper3dLightKind } from '@portal/contracts';
import { NumberField } from '../../fields/number-field';
import { useEditorStore } from '../editor-store';
import type { NodeOf } from '../scene-model';
import { ColourField, LabelledSlider } from './panel-fields';

/** How bright each kind of light goes on its slider (point and spot lights fade with distance, so they need more). */
const INTENSITY: Record<Hyper3dLightKind, { max: number; step: number }> = {
  ambient: { max: 5, step: 0.05 },
  directional: { max: 10, step: 0.1 },
  point: { max: 200, step: 1 },
  spot: { max: 400, step: 1 },
};
const DEGREES = 180 / Math.PI;

/** A light's colour, intensity and shadows; how far a point or spot light reaches; a spot's cone. */
export function LightFields({ node }: { node: NodeOf<'light'> }) {
  const { setLight } = useEditorStore.getState();
  const { light, locked } = node;
  const reaches = light.kind === 'point' || light.kind === 'spot';
  return (
    <Stack spacing={1.5} component="section" aria-label="Light" data-testid="light-fields">
      <ColourField
        label="Light colour"
        value={light.color}
        disabled={locked}
        onChange={(color) => setLight(node.id, { color }, 'Colour')}
      />
      <LabelledSlider
        label="Intensity"
        value={light.intensity}
        min={0}
        {...INTENSITY[light.kind]}
        disabled={locked}
        onChange={(intensity) => setLight(node.id, { intensity }, 'Intensity')}
      />
      {light.kind !== 'ambient' && (
        <FormControlLabel
          control={
            <Switch
              checked={light.castShadow}
              disabled={locked}
              onChange={(event) =>
                setLight(node.id, { castShadow: event.target.checked }, event.target.checked ? 'Shadows on' : 'Shadows off')
              }
            />
          }
          label="Casts shadows"
        />
      )}
      {reaches && (
        <NumberField
          label="Reach (0: no limit)"
          value={light.distance}
          step={0.5}
          disabled={locked}
          onCommit={(distance) => setLight(node.id, { distance: Math.min(100_000, Math.max(0, distance)) }, 'Reach')}
        />
      )}
      {light.kind === 'spot' && (
        <>
          <LabelledSlider
            label="Cone angle"
            value={Math.round(light.angle * DEGREES)}
            min={1}
            max={90}
            step={1}
            format={(value) => `${value}°`}
            disabled={locked}
            onChange={(degrees) => setLight(node.id, { angle: degrees / DEGREES }, 'Cone angle')}
          />
          <LabelledSlider
            label="Soft edge"
            value={light.penumbra}
            min={0}
            max={1}
            step={0.01}
            format={(value) => `${Math.round(value * 100)}%`}
            disabled={locked}
            onChange={(penumbra) => setLight(node.id, { penumbra }, 'Soft edge')}
          />
        </>
      )}
    </Stack>
  );
}
