import MemoryIcon from '@mui/icons-material/Memory';
import { Alert, Chip } from '@mui/material';
import type { AiLabStatus } from '@portal/contracts';
import { useAiStatus } from '../api/get-ai-status';

type Feature = keyof AiLabStatus;

const LOCAL_ENGINES: Record<Feature, string> = {
  chat: "Funny Chat answers with the portal's own joke engine: short jokes about your question, and pictures described by their size, colours and brightness.",
  image:
    "Pictures are drawn by the portal's own sketcher from the colours, shapes and scenes it recognises in your prompt; the same prompt always gives the same picture.",
  voice: 'Voices are spoken by espeak-ng, a speech synthesizer running on the portal itself.',
  realtime: "Realtime replies come from the portal's own joke engine, streamed through the server.",
};

/** Says plainly which engine answers: the local ones (and how to connect a model), or the provider's model. */
export function EngineNotice({ feature }: { feature: Feature }) {
  const status = useAiStatus();
  const engine = status.data?.[feature];
  if (!engine) return null;
  if (engine.engine === 'provider') {
    return (
      <Chip
        icon={<MemoryIcon />}
        label={`Answered by ${engine.model}`}
        variant="outlined"
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        data-testid="engine-notice"
        data-engine="provider"
      />
    );
  }
  return (
    <Alert severity="info" variant="outlined" data-testid="engine-notice" data-engine="local">
      <strong>Running on the local engines: no network, no key.</strong> {LOCAL_ENGINES[feature]} To connect a real model (OpenAI,
      Ollama, vLLM or LM Studio), the site administrator sets <code>AI_BASE_URL</code> and <code>AI_API_KEY</code>, as the
      portal&apos;s README explains.
    </Alert>
  );
}
