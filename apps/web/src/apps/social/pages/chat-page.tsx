import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChatIcon from '@mui/icons-material/Chat';
import { Alert, Box, Card, Container, IconButton, Link, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { showErrorAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoader } from '../../../shared/ui/page-loader';
import { messagesOf, useConversation, useConversations, useSendMessage } from '../api/chat';
import { ConversationList, otherPerson } from '../components/chat/conversation-list';
import { MessageList } from '../components/chat/message-list';
import { SendBox } from '../components/chat/send-box';
import { ProfileAvatar } from '../components/profile-avatar';
import { useChatSocket } from '../realtime/use-live-sockets';

/** The open conversation: who, the messages, and the send box. */
function ConversationPane({ id, showBack }: { id: string; showBack: boolean }) {
  const myId = useAuthStore((state) => state.user?.id);
  const conversations = useConversations();
  const detail = useConversation(id);
  const send = useSendMessage(id);
  useChatSocket(id);
  const listed = conversations.data?.find((conversation) => conversation.id === id);
  const person = listed ? otherPerson(listed, myId) : undefined;

  const refetchList = conversations.refetch;
  const loaded = conversations.data !== undefined;
  const asked = useRef(false);
  useEffect(() => {
    // A conversation just started elsewhere (e.g. from a profile) joins the list: ask once.
    if (loaded && !listed && !asked.current) {
      asked.current = true;
      void refetchList();
    }
  }, [loaded, listed, refetchList]);

  const onSend = async (body: string) => {
    try {
      await send.mutateAsync(body);
      return true;
    } catch (error) {
      showErrorAlert(error);
      return false;
    }
  };

  return (
    <Stack sx={{ flex: 1, minWidth: 0, minHeight: 0 }} data-testid="conversation-pane">
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
      >
        {showBack && (
          <IconButton component={RouterLink} to="/social/chat" aria-label="Back to conversations" edge="start">
            <ArrowBackIcon />
          </IconButton>
        )}
        {person && (
          <>
            <ProfileAvatar src={person.avatar_url} name="" sx={{ width: 40, height: 40 }} />
            <Link
              component={RouterLink}
              to={`/social/profile/${person.slug}`}
              variant="h2"
              underline="hover"
              color="text.primary"
              sx={{ fontSize: '1.15rem', fontWeight: 500 }}
              data-testid="chat-with"
            >
              {person.full_name}
            </Link>
          </>
        )}
      </Stack>
      {detail.isPending && <PageLoader label="Loading messages" />}
      {detail.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {detail.error instanceof ApiError && detail.error.status === 404
            ? 'This conversation does not exist, or it is not yours.'
            : `The messages could not be loaded: ${detail.error.message}`}
        </Alert>
      )}
      {detail.data && (
        <MessageList
          messages={messagesOf(detail.data)}
          myId={myId}
          hasOlder={detail.hasNextPage}
          loadingOlder={detail.isFetchingNextPage}
          onLoadOlder={() => void detail.fetchNextPage()}
        />
      )}
      <Box sx={{ px: 2, pt: 1.5, pb: 0.5, borderTop: 1, borderColor: 'divider' }}>
        <SendBox onSend={onSend} disabled={!detail.data} />
      </Box>
    </Stack>
  );
}

/**
 * Spec §4 and contract §6: the conversations, most recent first, and the open one (the first,
 * unless the address names another). On a phone, the list and the conversation take turns.
 */
export default function ChatPage() {
  const { id } = useParams();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const myId = useAuthStore((state) => state.user?.id);
  const conversations = useConversations();
  const activeId = id ?? (wide ? conversations.data?.[0]?.id : undefined);
  const list = conversations.data ?? [];

  return (
    <Container maxWidth="lg" sx={{ px: { xs: 1, sm: 2 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 2, px: { xs: 1, sm: 0 } }}>
        Chat
      </Typography>
      {conversations.isPending && <PageLoader label="Loading conversations" />}
      {conversations.isError && (
        <Alert severity="error">The conversations could not be loaded: {conversations.error.message}</Alert>
      )}
      {conversations.data && list.length === 0 && !id && (
        <EmptyState icon={<ChatIcon />} title="You have no active conversations!">
          Open someone&apos;s profile and choose Send Message to start one.
        </EmptyState>
      )}
      {conversations.data && (list.length > 0 || id) && (
        <Card
          sx={{ display: 'flex', height: { xs: 'calc(100dvh - 170px)', md: 'calc(100dvh - 210px)' }, minHeight: 380 }}
          data-testid="chat"
        >
          {(wide || !activeId) && (
            <Box
              component="nav"
              aria-label="Conversations"
              sx={{
                width: wide ? 320 : '100%',
                flexShrink: 0,
                overflowY: 'auto',
                borderRight: wide ? 1 : 0,
                borderColor: 'divider',
              }}
            >
              <ConversationList conversations={list} activeId={activeId} myId={myId} />
            </Box>
          )}
          {activeId && <ConversationPane key={activeId} id={activeId} showBack={!wide} />}
        </Card>
      )}
    </Container>
  );
}
