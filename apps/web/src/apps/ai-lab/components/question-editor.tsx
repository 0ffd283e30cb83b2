import { Box, Button, Stack, TextField } from '@mui/material';
import { AI_LAB_LIMITS } from '@portal/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/** A question being edited in place: Send asks it again (the earlier version stays), Cancel leaves it. */
export function QuestionEditor({ text, onSend, onCancel }: { text: string; onSend(question: string): void; onCancel(): void }) {
  const [question, setQuestion] = useState(text);
  const input = useRef<HTMLTextAreaElement>(null);
  // The editor opens where the question was, at the press of its Edit button: the typing goes on there.
  useEffect(() => input.current?.focus(), []);
  const blank = question.trim() === '';
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onCancel();
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && !blank) {
      event.preventDefault();
      onSend(question.trim());
    }
  };
  return (
    <Box
      component="form"
      aria-label="Edit your question"
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank) onSend(question.trim());
      }}
      sx={{ width: '100%' }}
      data-testid="question-editor"
    >
      <TextField
        label="Your question"
        value={question}
        onChange={(event) => setQuestion(event.target.value.slice(0, AI_LAB_LIMITS.promptMaxLength))}
        onKeyDown={onKeyDown}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        inputRef={input}
        slotProps={{ htmlInput: { maxLength: AI_LAB_LIMITS.promptMaxLength, 'data-testid': 'question-editor-input' } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={blank} data-testid="question-editor-send">
          Send
        </Button>
      </Stack>
    </Box>
  );
}
