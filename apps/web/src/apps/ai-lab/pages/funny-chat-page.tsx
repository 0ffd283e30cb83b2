import EmojiEmotionsIcon from '@mui/icons-material/EmojiEmotions';
import HistoryIcon from '@mui/icons-material/History';
import StopIcon from '@mui/icons-material/Stop';
import { Button, Drawer, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoader } from '../../../shared/ui/page-loader';
import { conversationsKey } from '../api/query-keys';
import { AttachedDocuments } from '../components/attached-documents';
import { ChatMessages } from '../components/chat-messages';
import { ChatToolbar } from '../components/chat-toolbar';
import { ConversationHistory } from '../components/conversation-history';
import { EngineNotice } from '../components/engine-notice';
import { LabPage } from '../components/lab-page';
import { AttachedPictures, AttachPicturesButton } from '../components/picture-attachments';
import { PromptForm } from '../components/prompt-form';
import { useDocumentStore } from '../store/document-attachments-store';
import { useFunnyChatStore } from '../store/funny-chat-store';
import { useAttachmentStore } from '../store/picture-attachments-store';

/** The open conversation's id in the address (`?c=`), so a reload or a bookmark opens it again. */
function useConversationInAddress() {
  const [params, setParams] = useSearchParams();
  const conversationId = useFunnyChatStore((state) => state.conversationId);
  const [arrivedWith] = useState(() => params.get('c'));
  useEffect(() => {
    const { conversationId: open, open: openConversation } = useFunnyChatStore.getState();
    if (arrivedWith && arrivedWith !== open) void openConversation(arrivedWith);
  }, [arrivedWith]);
  // Afterwards the store leads and the address follows (not while the arrival's conversation opens).
  useEffect(() => {
    if (useFunnyChatStore.getState().opening || (params.get('c') ?? null) === conversationId) return;
    setParams(conversationId ? { c: conversationId } : {}, { replace: true });
  }, [conversationId, params, setParams]);
}

export default function FunnyChatPage() {
  const { messages, streaming, opening, errorMessage, conversationId, model, ask, open, startNew, stop, clearError } =
    useFunnyChatStore();
  const uploadError = useAttachmentStore((state) => state.error);
  const clearUploadError = useAttachmentStore((state) => state.clearError);
  const documentError = useDocumentStore((state) => state.error);
  const clearDocumentError = useDocumentStore((state) => state.clearError);
  const uploading = useAttachmentStore((state) => state.items.some((item) => item.status !== 'ready'));
  const reading = useDocumentStore((state) => state.items.some((item) => item.status !== 'ready'));
  const [voiceError, setVoiceError] = useState<string | null>(null);
  const queries = useQueryClient();
  const theme = useTheme();
  // Not `noSsr`: the server's HTML (issue 12) is hydrated as the narrow view (false), the history
  // column and the History button placed by CSS; rendered in the browser, the width is known at once.
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [historyOpen, setHistoryOpen] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  useConversationInAddress();
  // Newer browsers return a promise from scrollIntoView: the effect must not return it.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, last?.text]);
  // A question was saved (or its answer finished): the history shows it.
  useEffect(() => {
    if (!streaming) void queries.invalidateQueries({ queryKey: conversationsKey });
  }, [streaming, conversationId, queries]);

  const history = (
    <ConversationHistory
      currentId={conversationId}
      disabled={streaming}
      onOpen={(id) => {
        setHistoryOpen(false);
        void open(id);
      }}
      onNew={() => {
        setHistoryOpen(false);
        startNew();
      }}
      onDeleted={(id) => {
        if (id === conversationId) startNew();
      }}
    />
  );

  return (
    <LabPage
      title="Funny Chat"
      intro="Ask anything and get the answer as a joke. Attach pictures or documents and Funny Chat will have something to say about them too."
      notice={<EngineNotice feature="chat" model={model} />}
      errorMessage={errorMessage ?? uploadError ?? documentError ?? voiceError}
      onCloseError={() => {
        clearError();
        clearUploadError();
        clearDocumentError();
        setVoiceError(null);
      }}
      aside={wide ? history : null}
      headerActions={
        wide ? undefined : (
          <Button
            variant="outlined"
            size="small"
            startIcon={<HistoryIcon />}
            onClick={() => setHistoryOpen(true)}
            aria-haspopup="dialog"
            data-testid="open-history"
            sx={{ display: { md: 'none' } }}
          >
            History
          </Button>
        )
      }
    >
      {!wide && (
        <Drawer
          anchor="left"
          open={historyOpen}
          onClose={() => setHistoryOpen(false)}
          // Above the sticky app bar (which sits over the side navigation): nothing of the list hidden.
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
          slotProps={{ paper: { sx: { width: 300, p: 2 }, 'aria-label': 'Conversation history' } }}
        >
          {history}
        </Drawer>
      )}
      <ChatToolbar />
      {opening ? (
        <PageLoader />
      ) : messages.length === 0 ? (
        <EmptyState icon={<EmojiEmotionsIcon />} title="Ask Funny Chat something">
          Try “Why do cats knock things off tables?”, or attach a photo or a PDF and ask about it.
        </EmptyState>
      ) : (
        <ChatMessages messages={messages} />
      )}
      <div ref={end} />
      <Stack spacing={1.5}>
        <AttachedPictures />
        <AttachedDocuments />
        <PromptForm
          label="Your question"
          placeholder="Ask Funny Chat anything…"
          submitLabel="Send"
          busyLabel="Answering…"
          busy={streaming}
          disabled={uploading || reading || opening}
          clearOnSubmit
          voiceInput={{ onError: setVoiceError }}
          onSubmit={(question) =>
            void ask(question, useAttachmentStore.getState().takeForQuestion(), useDocumentStore.getState().takeForQuestion())
          }
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
