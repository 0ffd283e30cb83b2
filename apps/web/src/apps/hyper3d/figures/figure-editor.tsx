import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, FormControlLabel, FormLabel, Radio, RadioGroup, Slider, Stack, TextField, Typography } from '@mui/material';
import { useId } from 'react';
import { MATERIAL_KINDS, MATERIAL_LABELS, MAX_SIZE, MIN_SIZE, type Figure, type MaterialKind } from './figure-model';
import type { FigureChanges } from './figures-store';

interface Props {
  figure: Figure;
  onChange: (changes: FigureChanges) => void;
  onRemove: () => void;
}

/** Colour, material and size of the selected figure. */
export function FigureEditor({ figure, onChange, onRemove }: Props) {
  const materialLabel = useId();
  const sizeLabel = useId();
  return (
    <Stack spacing={2} data-testid="figure-editor">
      <Typography variant="h4" component="h3">
        {figure.name}
      </Typography>
      <TextField
        type="color"
        label="Colour"
        size="small"
        value={figure.color}
        onChange={(event) => onChange({ color: event.target.value })}
        disabled={figure.material === 'normal'}
        helperText={figure.material === 'normal' ? 'The normal material colours by direction.' : undefined}
        slotProps={{ htmlInput: { 'data-testid': 'figure-color' } }}
        sx={{ maxWidth: 160 }}
      />
      <Box>
        <FormLabel id={materialLabel}>Material</FormLabel>
        <RadioGroup
          row
          aria-labelledby={materialLabel}
          value={figure.material}
          onChange={(event) => onChange({ material: event.target.value as MaterialKind })}
        >
          {MATERIAL_KINDS.map((kind) => (
            <FormControlLabel key={kind} value={kind} control={<Radio size="small" />} label={MATERIAL_LABELS[kind]} />
          ))}
        </RadioGroup>
      </Box>
      <Box>
        <Typography id={sizeLabel} variant="body2" color="text.secondary">
          Size: {figure.size.toFixed(1)}×
        </Typography>
        <Slider
          aria-labelledby={sizeLabel}
          value={figure.size}
          min={MIN_SIZE}
          max={MAX_SIZE}
          step={0.1}
          marks={[{ value: 1, label: '1×' }]}
          onChange={(_, value) => onChange({ size: value })}
          getAriaValueText={(value) => `${value.toFixed(1)} times`}
          sx={{ mx: 1, width: 'calc(100% - 16px)' }}
        />
      </Box>
      <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={onRemove} sx={{ alignSelf: 'flex-start' }}>
        Remove this figure
      </Button>
    </Stack>
  );
}
