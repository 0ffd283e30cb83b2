import IosShareIcon from '@mui/icons-material/IosShare';
import TuneIcon from '@mui/icons-material/Tune';
import { Button, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { useFunnyChatStore } from '../store/funny-chat-store';
import { ModelPicker } from './model-picker';

// Opened on demand: not part of the chat's first view.
const InstructionsDialog = lazy(() => import('./instructions-dialog'));
const ShareDialog = lazy(() => import('./share-dialog'));

/** Above the conversation: its model, the person's instructions, and sharing it (a saved one). */
export function ChatToolbar() {
  const { streaming, owner, conversationId, model, chooseModel } = useFunnyChatStore();
  const loggedIn = useIsLoggedIn();
  const [open, setOpen] = useState<'instructions' | 'share' | null>(null);
  const close = () => setOpen(null);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }} data-testid="chat-toolbar">
      <ModelPicker value={model} onChange={chooseModel} disabled={streaming} />
      {loggedIn && (
        <Button
          variant="outlined"
          startIcon={<TuneIcon />}
          onClick={() => setOpen('instructions')}
          disabled={streaming}
          aria-haspopup="dialog"
          data-testid="instructions-button"
        >
          Instructions
        </Button>
      )}
      {loggedIn && owner === 'account' && conversationId && (
        <Button
          variant="outlined"
          startIcon={<IosShareIcon />}
          onClick={() => setOpen('share')}
          disabled={streaming}
          aria-haspopup="dialog"
          data-testid="share-button"
        >
          Share
        </Button>
      )}
      <Suspense>
        {open === 'instructions' && <InstructionsDialog onClose={close} />}
        {open === 'share' && <ShareDialog onClose={close} />}
      </Suspense>
    </Stack>
  );
}
