import EmojiEmotionsIcon from '@mui/icons-material/EmojiEmotions';
import StopIcon from '@mui/icons-material/Stop';
import { Box, Button, Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ChatBubble } from '../components/chat-bubble';
import { EngineNotice } from '../components/engine-notice';
import { LabPage } from '../components/lab-page';
import { AttachedPictures, AttachPicturesButton } from '../components/picture-attachments';
import { PromptForm } from '../components/prompt-form';
import { TypingIndicator } from '../components/typing-indicator';
import { useFunnyChatStore } from '../store/funny-chat-store';
import { useAttachmentStore } from '../store/picture-attachments-store';

export default function FunnyChatPage() {
  const { messages, streaming, errorMessage, ask, stop, clearError } = useFunnyChatStore();
  const uploadError = useAttachmentStore((state) => state.error);
  const clearUploadError = useAttachmentStore((state) => state.clearError);
  const uploading = useAttachmentStore((state) => state.attachments.some((item) => item.status !== 'ready'));
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  // Newer browsers return a promise from scrollIntoView: the effect must not return it.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, last?.text]);

  return (
    <LabPage
      title="Funny Chat"
      intro="Ask anything and get the answer as a joke. Attach pictures and Funny Chat will have something to say about them too."
      notice={<EngineNotice feature="chat" />}
      errorMessage={errorMessage ?? uploadError}
      onCloseError={() => {
        clearError();
        clearUploadError();
      }}
    >
      {messages.length === 0 ? (
        <EmptyState icon={<EmojiEmotionsIcon />} title="Ask Funny Chat something">
          Try “Why do cats knock things off tables?” or attach a photo and ask what it sees.
        </EmptyState>
      ) : (
        <Box
          component="ul"
          aria-label="Conversation"
          aria-live="polite"
          aria-busy={streaming}
          sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
          data-testid="conversation"
        >
          {messages.map((message) => (
            <ChatBubble
              key={message.id}
              sender={message.sender}
              author={message.sender === 'me' ? 'You' : 'Funny Chat'}
              pictures={message.pictures}
              footnote={message.status === 'stopped' ? 'Stopped' : undefined}
              testId={message.sender === 'me' ? 'my-message' : 'chat-answer'}
              status={message.status}
            >
              {message.text}
              {message.status === 'streaming' && (
                <>
                  {message.text && ' '}
                  <TypingIndicator label="Funny Chat is typing" />
                </>
              )}
            </ChatBubble>
          ))}
        </Box>
      )}
      <div ref={end} />
      <Stack spacing={1.5}>
        <AttachedPictures />
        <PromptForm
          label="Your question"
          placeholder="Ask Funny Chat anything…"
          submitLabel="Send"
          busyLabel="Answering…"
          busy={streaming}
          disabled={uploading}
          clearOnSubmit
          onSubmit={(question) => void ask(question, useAttachmentStore.getState().takeForQuestion())}
          actions={
            <>
              <AttachPicturesButton disabled={streaming} />
              {streaming && (
                <Button variant="outlined" color="error" startIcon={<StopIcon />} onClick={stop} data-testid="stop-button">
                  Stop
                </Button>
              )}
            </>
          }
          testId="chat-form"
        />
      </Stack>
    </LabPage>
  );
}
