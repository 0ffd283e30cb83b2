import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { AI_LAB_LIMITS } from '@portal/contracts';
import { useState } from 'react';
import { useAiSettings } from '../api/get-ai-settings';
import { labErrorText } from '../api/lab-error';
import { saveAiSettings } from '../api/save-ai-settings';
import { updateConversation } from '../api/update-conversation';
import { aiSettingsKey } from '../api/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import { useFunnyChatStore } from '../store/funny-chat-store';

const MAX = AI_LAB_LIMITS.systemPromptMaxLength;

/** Custom instructions: for every conversation of the account, and for the open one only. */
export default function InstructionsDialog({ onClose }: { onClose(): void }) {
  const settings = useAiSettings();
  const saved = useFunnyChatStore((state) => state.saved);
  const updated = useFunnyChatStore((state) => state.updated);
  const queries = useQueryClient();
  const [everywhere, setEverywhere] = useState<string | null>(null);
  const [here, setHere] = useState(saved?.system_prompt ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const allText = everywhere ?? settings.data?.system_prompt ?? '';

  async function save() {
    setSaving(true);
    setError(null);
    try {
      queries.setQueryData(aiSettingsKey, await saveAiSettings({ system_prompt: allText }));
      if (saved) updated(await updateConversation(saved.id, { system_prompt: here.trim() || null }));
      onClose();
    } catch (failure) {
      setError(labErrorText(failure));
    } finally {
      setSaving(false);
    }
  }

  const field = (label: string, value: string, onChange: (text: string) => void, helper: string, testId: string) => (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value.slice(0, MAX))}
      multiline
      minRows={3}
      maxRows={10}
      fullWidth
      helperText={`${helper} ${value.length} / ${MAX}`}
      slotProps={{ htmlInput: { maxLength: MAX, 'data-testid': testId } }}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="instructions-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <DialogTitle id="instructions-title">Instructions</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Tell Funny Chat how to answer: your name, the tone, how long. A connected model reads them as its instructions; the
            built-in engine follows what it can.
          </DialogContentText>
          <Stack spacing={2}>
            {field('For all your conversations', allText, setEverywhere, 'Empty: none.', 'instructions-all')}
            {saved && field('For this conversation only', here, setHere, 'Empty: the ones above.', 'instructions-here')}
          </Stack>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving || settings.isPending} data-testid="instructions-save">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
