import MemoryIcon from '@mui/icons-material/Memory';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { AI_LOCAL_CHAT_MODEL, type AiLabStatus } from '@portal/contracts';
import { useState } from 'react';
import { useAiStatus } from '../api/get-ai-status';

type Feature = Exclude<keyof AiLabStatus, 'transcription'>;

const LOCAL_ENGINES: Record<Feature, string> = {
  chat:
    'Funny Chat answers with short jokes about your question, and describes pictures by their size, colours and brightness. ' +
    'Of a document it tells the title, length, first sentence and most frequent words. Of your instructions it follows a ' +
    'name to call you (“Call me Ana”), shorter answers (“keep it short”), and it says so when asked for a language other than English.',
  image:
    'Pictures are sketched from the colours, shapes and scenes it recognises in your description; the same description always gives the same picture.',
  voice: 'Voices are spoken by espeak-ng, a classic speech synthesizer: clear, if a little robotic.',
  realtime: 'Realtime replies come from the same joke engine as Funny Chat, streamed word by word.',
};

/**
 * A small badge saying which engine answers; for the built-in ones, a dialog explains what to expect.
 * `model`: the one chosen on the page (Funny Chat's picker), else the server's.
 */
export function EngineNotice({ feature, model }: { feature: Feature; model?: string | null | undefined }) {
  const status = useAiStatus();
  const [open, setOpen] = useState(false);
  const configured = status.data?.[feature];
  if (!configured) return null;
  const engine =
    model && status.data
      ? model === AI_LOCAL_CHAT_MODEL
        ? { engine: 'local' as const, model: null }
        : { engine: 'provider' as const, model }
      : configured;
  if (engine.engine === 'provider') {
    return (
      <Chip
        icon={<MemoryIcon />}
        label={`Answered by ${engine.model}`}
        variant="outlined"
        size="small"
        data-testid="engine-notice"
        data-engine="provider"
      />
    );
  }
  return (
    <>
      <Chip
        icon={<MemoryIcon />}
        label="Built-in AI · About"
        variant="outlined"
        size="small"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="engine-notice"
        data-engine="local"
      />
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="engine-title" data-testid="engine-details">
        <DialogTitle id="engine-title">About the built-in AI</DialogTitle>
        <DialogContent>
          <DialogContentText gutterBottom>
            This lab runs on small engines built into this website. Everything happens on the site itself: what you type is not
            sent to any outside AI service.
          </DialogContentText>
          <DialogContentText gutterBottom>{LOCAL_ENGINES[feature]}</DialogContentText>
          <DialogContentText>
            They are simple on purpose, so expect playful rather than clever results. When the site connects a full AI model, this
            badge shows the model&apos;s name instead.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
