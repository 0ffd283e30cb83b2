import MicIcon from '@mui/icons-material/Mic';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useVoiceInput } from '../hooks/use-voice-input';

/**
 * The microphone: speaks the question into the field (through the server's speech-to-text when it
 * has one, else the browser's); not shown where neither exists.
 */
export function VoiceInputButton({
  onText,
  onError,
  disabled,
}: {
  onText(text: string): void;
  onError(message: string): void;
  disabled?: boolean;
}) {
  const voice = useVoiceInput(onText, onError);
  if (!voice.mode) return null;
  const listening = voice.state === 'listening';
  const label = listening ? 'Stop voice input' : voice.state === 'transcribing' ? 'Transcribing…' : 'Speak your question';
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          aria-pressed={listening}
          onClick={voice.toggle}
          disabled={disabled || voice.state === 'transcribing'}
          color={listening ? 'error' : 'default'}
          data-testid="voice-input"
          data-mode={voice.mode}
        >
          {voice.state === 'transcribing' ? (
            <CircularProgress size={22} aria-hidden />
          ) : listening ? (
            <StopCircleIcon />
          ) : (
            <MicIcon />
          )}
        </IconButton>
      </span>
    </Tooltip>
  );
}
