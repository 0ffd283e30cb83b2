import { TextField } from '@mui/material';
import { useState } from 'react';

interface Props {
  label: string;
  value: number;
  /** Called once the person is done (Enter or leaving the field) with a number that differs. */
  onCommit: (value: number) => void;
  step?: number;
  disabled?: boolean;
}

const shown = (value: number) => String(Math.round(value * 100) / 100);

/** A number typed freely and applied on Enter or blur, so that one edit is one step to undo. */
export function NumberField({ label, value, onCommit, step = 0.1, disabled }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const number = Number(draft);
    setDraft(null);
    if (draft.trim() !== '' && Number.isFinite(number) && shown(number) !== shown(value)) onCommit(number);
  };
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      disabled={disabled}
      value={draft ?? shown(value)}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setDraft(null);
      }}
      slotProps={{ htmlInput: { step, inputMode: 'decimal' } }}
      sx={{ minWidth: 0 }}
    />
  );
}
