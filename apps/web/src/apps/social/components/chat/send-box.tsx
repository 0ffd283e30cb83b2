import SendIcon from '@mui/icons-material/Send';
import { IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_LIMITS } from '@portal/contracts';
import { isSendKey } from '../enter-sends';

const MAX = CHAT_LIMITS.maxBodyLength;

/** What the send box says about a draft: nothing, or why it cannot be sent. */
export function draftProblem(text: string): string | null {
  if (text.trim().length > MAX) return `At most ${MAX} characters: remove ${text.trim().length - MAX}.`;
  return null;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line; 1–4000 characters (trimmed), with a
 * counter near the limit. `onSend` resolves true when the message was accepted (the box then empties).
 */
export function SendBox({ onSend, disabled = false }: { onSend(body: string): Promise<boolean>; disabled?: boolean }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const body = text.trim();
  const problem = draftProblem(text);
  const canSend = body.length > 0 && !problem && !sending && !disabled;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      if (await onSend(body)) setText('');
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isSendKey(event)) {
      event.preventDefault();
      void send();
    }
  };

  const showCounter = body.length > MAX - 500;
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send();
      }}
      data-testid="send-box"
    >
      <TextField
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Write a message…"
        label="Message"
        multiline
        maxRows={6}
        fullWidth
        size="small"
        error={Boolean(problem)}
        helperText={problem ?? (showCounter ? `${body.length}/${MAX}` : 'Enter sends, Shift+Enter adds a line')}
        slotProps={{ htmlInput: { 'data-testid': 'message-input', 'aria-describedby': undefined } }}
      />
      <Tooltip title="Send">
        <span>
          <IconButton
            type="submit"
            color="primary"
            disabled={!canSend}
            aria-label="Send message"
            data-testid="send-message"
            sx={{ mt: 0.25 }}
          >
            <SendIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
