import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { Box, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ConversationMessage } from '@portal/contracts';
import { ProfileAvatar } from '../profile-avatar';
import { messageTime } from './message-time';

/** How close to the bottom still counts as "reading the newest" (new messages then scroll into view). */
const NEAR_BOTTOM_PX = 80;
const NEAR_TOP_PX = 60;
/** Read by screen readers, not shown. */
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function Bubble({ message, mine }: { message: ConversationMessage; mine: boolean }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ justifyContent: mine ? 'flex-end' : 'flex-start', alignItems: 'flex-end' }}
      data-testid="chat-message"
      data-mine={mine ? 'true' : 'false'}
    >
      {!mine && <ProfileAvatar src={message.created_by.avatar_url} name="" sx={{ width: 32, height: 32 }} />}
      <Box
        sx={{
          maxWidth: { xs: '80%', md: '70%' },
          display: 'flex',
          flexDirection: 'column',
          alignItems: mine ? 'flex-end' : 'flex-start',
        }}
      >
        <Box
          sx={{
            px: 1.5,
            py: 1,
            borderRadius: 2.5,
            borderBottomRightRadius: mine ? 4 : undefined,
            borderBottomLeftRadius: mine ? undefined : 4,
            bgcolor: mine ? 'primary.main' : 'action.selected',
            color: mine ? 'primary.contrastText' : 'text.primary',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          <Typography component="p" variant="body2" sx={{ color: 'inherit' }} data-testid="chat-message-body">
            {message.body}
          </Typography>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ mt: 0.25, px: 0.5 }}>
          <Box component="span" sx={HIDDEN}>
            {mine ? 'You' : message.created_by.first_name},{' '}
          </Box>
          <time dateTime={message.created_at}>{messageTime(message.created_at)}</time>
        </Typography>
      </Box>
    </Stack>
  );
}

/**
 * The messages of a conversation, oldest at the top. It follows new messages while you are at the
 * bottom (and always for your own); scrolled up, it stays where you read and offers a jump down.
 * Scrolling to the top loads older pages without moving what you are looking at.
 */
export function MessageList({
  messages,
  myId,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  messages: ConversationMessage[];
  myId: number | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seen = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  const [unseen, setUnseen] = useState(false);
  const first = messages[0]?.id;
  const last = messages.at(-1);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const before = seen.current;
    if (before.last === last?.id && before.first !== first && before.first !== undefined) {
      // Older messages came in above: keep the same message under the reader's eyes.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (before.last !== last?.id) {
      if (before.last === undefined || atBottom.current || last?.created_by.id === myId) {
        element.scrollTop = element.scrollHeight;
        setUnseen(false);
      } else setUnseen(true);
    }
    seen.current = { first, last: last?.id, height: element.scrollHeight };
  }, [first, last, myId]);

  const onScroll = () => {
    const element = box.current!;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (atBottom.current) setUnseen(false);
    if (element.scrollTop < NEAR_TOP_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  const toBottom = () => {
    const element = box.current!;
    element.scrollTop = element.scrollHeight;
    setUnseen(false);
  };

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex' }}>
      <Box
        ref={box}
        onScroll={onScroll}
        role="log"
        aria-label="Messages"
        tabIndex={0}
        sx={{ flex: 1, overflowY: 'auto', px: { xs: 1, sm: 2 }, py: 2 }}
        data-testid="message-list"
      >
        {loadingOlder && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
            <CircularProgress size={20} aria-label="Loading older messages" />
          </Box>
        )}
        {!hasOlder && messages.length > 0 && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center', mb: 2 }}>
            This is the beginning of your conversation.
          </Typography>
        )}
        {messages.length === 0 && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
            No messages yet. Say hello!
          </Typography>
        )}
        <Stack spacing={1.25}>
          {messages.map((message) => (
            <Bubble key={message.id} message={message} mine={message.created_by.id === myId} />
          ))}
        </Stack>
      </Box>
      {unseen && (
        <Chip
          icon={<ArrowDownwardIcon />}
          label="New message"
          color="primary"
          onClick={toBottom}
          sx={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)' }}
          data-testid="jump-to-newest"
        />
      )}
    </Box>
  );
}
