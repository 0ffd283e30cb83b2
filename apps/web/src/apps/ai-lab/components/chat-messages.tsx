import EditIcon from '@mui/icons-material/Edit';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useFunnyChatStore, type ChatMessage } from '../store/funny-chat-store';
import { CopyAnswerButton, RegenerateButton } from './answer-actions';
import { QuestionDocuments } from './attached-documents';
import { ChatBubble } from './chat-bubble';
import { MarkdownAnswer } from './markdown-answer';
import { MessageVersions } from './message-versions';
import { QuestionEditor } from './question-editor';
import { TypingIndicator } from './typing-indicator';

/**
 * The conversation shown: questions and answers, each finished answer with copy (and, the last one,
 * write again), each question with edit, and ‹ 1/2 › where a message has versions.
 */
export function ChatMessages({ messages }: { messages: ChatMessage[] }) {
  const { streaming, switching, regenerate, edit, showVersion } = useFunnyChatStore();
  const [editing, setEditing] = useState<number | null>(null);
  const busy = streaming || switching;

  return (
    <Box
      component="ul"
      aria-label="Conversation"
      aria-live="polite"
      aria-busy={busy}
      sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      data-testid="conversation"
    >
      {messages.map((message, index) => {
        const mine = message.sender === 'me';
        if (mine && editing === message.id) {
          return (
            <Box component="li" key={message.id} sx={{ listStyle: 'none' }}>
              <QuestionEditor
                text={message.text}
                onCancel={() => setEditing(null)}
                onSend={(question) => {
                  setEditing(null);
                  void edit(message.id, question);
                }}
              />
            </Box>
          );
        }
        const finished = message.status !== 'streaming' && message.text !== '';
        const versions = (
          <MessageVersions
            version={message.version}
            versions={message.versions}
            what={mine ? 'question' : 'answer'}
            disabled={busy}
            onShow={(version) => void showVersion(message.id, version)}
          />
        );
        return (
          <ChatBubble
            key={message.id}
            sender={message.sender}
            author={mine ? 'You' : 'Funny Chat'}
            pictures={message.pictures}
            footnote={message.status === 'stopped' ? 'Stopped' : undefined}
            testId={mine ? 'my-message' : 'chat-answer'}
            status={message.status}
            formatted={!mine && message.status !== 'streaming'}
            actions={
              finished &&
              (mine ? (
                <>
                  {versions}
                  <Tooltip title="Edit question">
                    <IconButton
                      size="small"
                      color="inherit"
                      aria-label="Edit question"
                      onClick={() => setEditing(message.id)}
                      disabled={busy}
                      data-testid="edit-question"
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              ) : (
                <>
                  {versions}
                  <CopyAnswerButton text={message.text} />
                  {index === messages.length - 1 && !busy && <RegenerateButton onClick={() => void regenerate()} />}
                </>
              ))
            }
          >
            {mine && <QuestionDocuments documents={message.documents} />}
            {/* Markdown is parsed once the answer is complete: re-parsing it on every streamed word kept
                a busy phone's main thread from showing the words (and the Stop button) in time. */}
            {mine || message.status === 'streaming' ? message.text : <MarkdownAnswer text={message.text} />}
            {message.status === 'streaming' && <TypingIndicator label="Funny Chat is typing" />}
          </ChatBubble>
        );
      })}
    </Box>
  );
}
