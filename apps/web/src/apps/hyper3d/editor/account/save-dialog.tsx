import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { HYPER3D_LIMITS } from '@portal/contracts';
import { useRef, useState } from 'react';

/** Asks the name a scene is saved under. */
export function SaveDialog({
  title,
  initialName,
  onCancel,
  onSave,
}: {
  title: string;
  initialName: string;
  onCancel: () => void;
  onSave: (name: string) => void;
}) {
  const [name, setName] = useState(initialName.slice(0, HYPER3D_LIMITS.sceneName));
  const valid = name.trim().length > 0;
  const input = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open
      onClose={onCancel}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onEntered: () => input.current?.select() } }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onSave(name.trim());
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            margin="dense"
            label="Scene name"
            inputRef={input}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: HYPER3D_LIMITS.sceneName } }}
            error={!valid}
            helperText={valid ? ' ' : 'The scene needs a name.'}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!valid}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
