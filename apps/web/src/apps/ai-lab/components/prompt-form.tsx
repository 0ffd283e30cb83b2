import SendIcon from '@mui/icons-material/Send';
import { Box, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { AI_LAB_LIMITS } from '@portal/contracts';
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { VoiceInputButton } from './voice-input-button';

interface PromptFormProps {
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Shown on the button while the request runs. */
  busyLabel: string;
  busy: boolean;
  /** Called with the prompt; answers whether it was taken (the field then clears when `clearOnSubmit`). */
  onSubmit(prompt: string): boolean | void;
  clearOnSubmit?: boolean;
  /** Controls beside the button (attach pictures, stop). */
  actions?: ReactNode;
  disabled?: boolean;
  testId?: string;
  /** Shows the microphone (where the server or the browser can listen); its failures go to `onError`. */
  voiceInput?: { onError(message: string): void };
}

/** A prompt of up to 500 characters: Enter sends, Shift+Enter starts a new line. */
export function PromptForm({
  label,
  placeholder,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  clearOnSubmit = false,
  actions,
  disabled = false,
  testId = 'prompt-form',
  voiceInput,
}: PromptFormProps) {
  const [prompt, setPrompt] = useState('');
  const max = AI_LAB_LIMITS.promptMaxLength;
  const blocked = busy || disabled || prompt.trim() === '';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (blocked) return;
    if (onSubmit(prompt.trim()) !== false && clearOnSubmit) setPrompt('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Box component="form" onSubmit={submit} aria-label={label} data-testid={testId}>
      <TextField
        label={label}
        placeholder={placeholder}
        value={prompt}
        onChange={(event) => setPrompt(event.target.value.slice(0, max))}
        onKeyDown={onKeyDown}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        helperText={`${prompt.length} / ${max} · Enter sends, Shift+Enter adds a line`}
        slotProps={{ htmlInput: { maxLength: max, 'data-testid': `${testId}-input` } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {voiceInput && (
          <VoiceInputButton
            disabled={busy || disabled}
            onError={voiceInput.onError}
            onText={(text) => setPrompt((before) => `${before.trimEnd()}${before.trim() ? ' ' : ''}${text}`.slice(0, max))}
          />
        )}
        {actions}
        <Button
          type="submit"
          variant="contained"
          disabled={blocked}
          endIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SendIcon />}
          data-testid={`${testId}-submit`}
        >
          {busy ? busyLabel : submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
