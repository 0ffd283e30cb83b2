import { MenuItem, TextField } from '@mui/material';
import { AI_LOCAL_CHAT_MODEL } from '@portal/contracts';
import { useAiSettings } from '../api/get-ai-settings';
import { useAiStatus } from '../api/get-ai-status';
import { useModels } from '../api/get-models';

/** The model that answers when none is chosen: the account's default, else the server's. */
export function useDefaultModel(): string | undefined {
  const status = useAiStatus();
  const settings = useAiSettings();
  if (settings.data?.model) return settings.data.model;
  if (!status.data) return undefined;
  return status.data.chat.engine === 'provider' && status.data.chat.model ? status.data.chat.model : AI_LOCAL_CHAT_MODEL;
}

/** Chooses the model of the conversation (remembered with it once a question is asked). */
export function ModelPicker({
  value,
  onChange,
  disabled,
}: {
  value: string | null;
  onChange(model: string): void;
  disabled?: boolean;
}) {
  const models = useModels();
  const fallback = useDefaultModel();
  const chat = (models.data ?? []).filter((model) => model.capabilities.includes('chat'));
  const shown = value ?? fallback ?? '';
  if (chat.length === 0 || !chat.some((model) => model.id === shown)) return null;
  return (
    <TextField
      select
      size="small"
      label="Model"
      value={shown}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      sx={{ minWidth: 200, maxWidth: '100%' }}
      slotProps={{
        select: { MenuProps: { slotProps: { paper: { 'aria-label': 'Models' } } } },
        htmlInput: { 'data-testid': 'model-picker' },
      }}
    >
      {chat.map((model) => (
        <MenuItem key={model.id} value={model.id} data-testid="model-option">
          {model.name}
          {model.capabilities.includes('vision') && model.provider !== 'local' ? ' · reads pictures' : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
