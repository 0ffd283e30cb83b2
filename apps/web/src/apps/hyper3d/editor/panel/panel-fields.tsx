import { Box, Slider, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';

/** A slider with its label and value written out; a drag is one step to undo (the store merges it). */
export function LabelledSlider({
  label,
  value,
  min,
  max,
  step,
  format = (number) => String(number),
  disabled,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  format?: (value: number) => string;
  disabled?: boolean;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <Box>
      <Typography id={id} variant="body2" color="text.secondary">
        {label}: {format(value)}
      </Typography>
      <Slider
        aria-labelledby={id}
        value={value}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        getAriaValueText={format}
        onChange={(_, next) => onChange(next)}
        size="small"
        sx={{ mx: 1, width: 'calc(100% - 16px)' }}
      />
    </Box>
  );
}

/** A colour picked with the browser's picker; a run of picks is one step to undo. */
export function ColourField({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      type="color"
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value.toLowerCase())}
      sx={{ width: 120 }}
    />
  );
}

/** Text applied on Enter or leaving the field (Escape puts it back): one edit, one step to undo. */
export function CommitTextField({
  label,
  value,
  disabled,
  maxLength,
  onCommit,
}: {
  label: string;
  value: string;
  disabled?: boolean;
  maxLength: number;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null && draft.trim() && draft.trim() !== value) onCommit(draft.trim());
    setDraft(null);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={draft ?? value}
      disabled={disabled}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setDraft(null);
      }}
      slotProps={{ htmlInput: { maxLength } }}
      fullWidth
    />
  );
}
