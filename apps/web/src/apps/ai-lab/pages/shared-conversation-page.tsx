import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoader } from '../../../shared/ui/page-loader';
import { usePageTitle } from '../../../shared/ui/use-document-title';
import { useSharedConversation } from '../api/get-shared-conversation';
import { ChatBubble } from '../components/chat-bubble';
import { MarkdownAnswer } from '../components/markdown-answer';

/** A conversation someone shared: read-only, with their first name, for anyone with the address (never indexed). */
export default function SharedConversationPage() {
  const { token = '' } = useParams();
  const shared = useSharedConversation(token);
  usePageTitle(shared.data?.title);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      {/* React puts it in the head; the server also says so in X-Robots-Tag. */}
      <meta name="robots" content="noindex, nofollow" />
      {shared.isPending ? (
        <PageLoader />
      ) : shared.isError ? (
        <EmptyState
          icon={<LinkOffIcon />}
          title="This conversation is not shared"
          action={
            <Button component={RouterLink} to="/ai-lab" variant="contained">
              Open Funny Chat
            </Button>
          }
        >
          The link is wrong, or whoever shared it stopped sharing it.
        </EmptyState>
      ) : (
        <Stack spacing={2.5} data-testid="shared-conversation">
          <div>
            <Typography variant="h1" gutterBottom>
              {shared.data.title}
            </Typography>
            <Typography color="text.secondary">
              Shared by {shared.data.first_name} on{' '}
              {new Date(shared.data.shared_at).toLocaleDateString('en', { dateStyle: 'long' })}. A Funny Chat conversation,
              read-only.
            </Typography>
          </div>
          <Box component="ul" aria-label="Conversation" sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {shared.data.messages.map((message, index) => {
              const question = message.role === 'user';
              return (
                <ChatBubble
                  key={index}
                  sender={question ? 'me' : 'chat'}
                  author={question ? shared.data.first_name : 'Funny Chat'}
                  formatted={!question}
                  testId={question ? 'shared-question' : 'shared-answer'}
                >
                  {question ? message.content : <MarkdownAnswer text={message.content} />}
                </ChatBubble>
              );
            })}
          </Box>
          <Box>
            <Button component={RouterLink} to="/ai-lab" variant="outlined">
              Ask Funny Chat yourself
            </Button>
          </Box>
        </Stack>
      )}
    </Container>
  );
}
