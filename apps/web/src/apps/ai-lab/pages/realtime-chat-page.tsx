import BoltIcon from '@mui/icons-material/Bolt';
import { Box, Chip } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ChatBubble } from '../components/chat-bubble';
import { EngineNotice } from '../components/engine-notice';
import { LabPage } from '../components/lab-page';
import { PromptForm } from '../components/prompt-form';
import { TypingIndicator } from '../components/typing-indicator';
import { clearRealtimeError, sendRealtimeMessage, useRealtimeStore, type RealtimeStatus } from '../store/realtime-store';

const STATUS: Record<RealtimeStatus, { label: string; color: 'success' | 'warning' | 'default' }> = {
  open: { label: 'Connected', color: 'success' },
  connecting: { label: 'Connecting…', color: 'warning' },
  closed: { label: 'Disconnected, retrying…', color: 'default' },
};

export default function RealtimeChatPage() {
  const { status, messages, loading, partial, errorMessage } = useRealtimeStore();
  const [voiceError, setVoiceError] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  // Newer browsers return a promise from scrollIntoView: the effect must not return it.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, partial]);

  return (
    <LabPage
      title="Realtime Chat"
      intro="A live conversation over a socket: replies stream in as they are written."
      notice={<EngineNotice feature="realtime" />}
      errorMessage={errorMessage ?? voiceError}
      onCloseError={() => {
        clearRealtimeError();
        setVoiceError(null);
      }}
    >
      <Chip
        label={STATUS[status].label}
        color={STATUS[status].color}
        size="small"
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        data-testid="realtime-status"
        data-status={status}
      />
      {messages.length === 0 && !loading ? (
        <EmptyState icon={<BoltIcon />} title="Start a conversation">
          Say hello below; the reply arrives as it is written.
        </EmptyState>
      ) : (
        <Box
          component="ul"
          aria-label="Realtime conversation"
          aria-live="polite"
          aria-busy={loading}
          sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
          data-testid="realtime-conversation"
        >
          {messages.map((message, index) => (
            <ChatBubble
              key={index}
              sender={message.sender}
              author={message.sender === 'me' ? 'You' : 'Realtime chat'}
              testId={`realtime-${message.sender}`}
            >
              {message.message}
            </ChatBubble>
          ))}
          {loading && (
            <ChatBubble sender="chat" author="Realtime chat" testId="realtime-pending">
              {partial}
              {partial && ' '}
              <TypingIndicator label="The reply is being written" />
            </ChatBubble>
          )}
        </Box>
      )}
      <div ref={end} />
      <PromptForm
        label="Your message"
        placeholder={status === 'open' ? 'Say something…' : 'Waiting for the connection…'}
        submitLabel="Send"
        busyLabel="Replying…"
        busy={loading}
        disabled={status !== 'open'}
        clearOnSubmit
        onSubmit={(text) => sendRealtimeMessage(text)}
        voiceInput={{ onError: setVoiceError }}
        testId="realtime-form"
      />
    </LabPage>
  );
}
