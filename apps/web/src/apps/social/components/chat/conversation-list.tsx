import { Badge, List, ListItem, ListItemAvatar, ListItemButton, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { Conversation } from '@portal/contracts';
import { ProfileAvatar } from '../profile-avatar';
import { UNREAD_BADGE } from '../unread-badge';
import { messageTime } from './message-time';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export const otherPerson = (conversation: Conversation, myId: number | undefined) =>
  conversation.users.find((user) => user.id !== myId) ?? conversation.users[0]!;

/** The conversations, most recent first: the other person, the last message and when. */
export function ConversationList({
  conversations,
  activeId,
  myId,
}: {
  conversations: Conversation[];
  activeId: string | undefined;
  myId: number | undefined;
}) {
  return (
    <List aria-label="Conversations" disablePadding data-testid="conversation-list">
      {conversations.map((conversation) => {
        const person = otherPerson(conversation, myId);
        const last = conversation.last_message;
        const preview = last ? `${last.created_by_id === myId ? 'You: ' : ''}${last.body}` : 'No messages yet';
        const unread = conversation.id === activeId ? 0 : conversation.unread_count;
        return (
          <ListItem key={conversation.id} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={`/social/chat/${conversation.id}`}
              selected={conversation.id === activeId}
              aria-current={conversation.id === activeId ? 'true' : undefined}
              data-testid="conversation"
            >
              <ListItemAvatar>
                <Badge badgeContent={unread} max={99} sx={UNREAD_BADGE} data-testid="conversation-unread" aria-hidden>
                  <ProfileAvatar src={person.avatar_url} name="" />
                </Badge>
              </ListItemAvatar>
              <ListItemText
                primary={
                  <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                    <Typography component="span" noWrap sx={{ fontWeight: unread > 0 ? 700 : 500 }}>
                      {person.full_name}
                      {unread > 0 && <span style={VISUALLY_HIDDEN}>{`, ${unread} unread`}</span>}
                    </Typography>
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                      {messageTime(last?.created_at ?? conversation.modified_at)}
                    </Typography>
                  </span>
                }
                secondary={preview}
                slotProps={{ secondary: { noWrap: true } }}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
