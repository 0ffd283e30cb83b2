import AddCommentIcon from '@mui/icons-material/AddComment';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import type { AiConversationSummary } from '@portal/contracts';
import { useState } from 'react';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { useExportConversation } from '../api/export-conversation';
import { useConversations } from '../api/get-conversations';
import { labErrorText } from '../api/lab-error';
import { useDebounced } from '../hooks/use-debounced';
import { DeleteConversationDialog, RenameConversationDialog } from './conversation-dialogs';

interface ConversationHistoryProps {
  currentId: string | null;
  disabled: boolean;
  onOpen(id: string): void;
  onNew(): void;
  onDeleted(id: string): void;
}

/** The saved conversations: open one, start a new one, rename or delete one. */
export function ConversationHistory({ currentId, disabled, onOpen, onNew, onDeleted }: ConversationHistoryProps) {
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), 300);
  const conversations = useConversations(search);
  const items = conversations.data?.pages.flat() ?? [];
  const loggedIn = useIsLoggedIn();
  const exporter = useExportConversation();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; conversation: AiConversationSummary } | null>(null);
  const [renaming, setRenaming] = useState<AiConversationSummary | null>(null);
  const [deleting, setDeleting] = useState<AiConversationSummary | null>(null);

  return (
    <Box component="nav" aria-labelledby="history-heading" data-testid="conversation-history">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="h2" id="history-heading" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          History
        </Typography>
        <Button size="small" startIcon={<AddCommentIcon />} onClick={onNew} disabled={disabled} data-testid="new-conversation">
          New chat
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {loggedIn ? 'Saved in your account.' : 'Kept in this browser only. Log in to keep them in your account.'}
      </Typography>
      <TextField
        size="small"
        fullWidth
        type="search"
        label="Search conversations"
        value={typed}
        onChange={(event) => setTyped(event.target.value.slice(0, 100))}
        sx={{ mb: 1 }}
        slotProps={{ htmlInput: { 'data-testid': 'history-search' } }}
      />
      {exporter.error && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => exporter.reset()}>
          {labErrorText(exporter.error)}
        </Alert>
      )}
      {conversations.isPending ? (
        <Box role="status" aria-label="Loading the history">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={40} />
          ))}
        </Box>
      ) : conversations.isError ? (
        <Alert severity="warning">The history could not be loaded.</Alert>
      ) : items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }} role="status">
          {search ? 'No conversation matches.' : 'No conversations yet.'}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={search ? 'Conversations found' : 'Conversations'}>
          {items.map((conversation) => (
            <ListItem
              key={conversation.id}
              disablePadding
              data-testid="history-item"
              secondaryAction={
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={`Actions for “${conversation.title}”`}
                  aria-haspopup="menu"
                  onClick={(event) => setMenu({ anchor: event.currentTarget, conversation })}
                  data-testid="history-actions"
                >
                  <MoreVertIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemButton
                selected={conversation.id === currentId}
                aria-current={conversation.id === currentId ? 'true' : undefined}
                disabled={disabled}
                onClick={() => onOpen(conversation.id)}
                sx={{ borderRadius: 1, pr: 5 }}
              >
                <ListItemText primary={conversation.title} slotProps={{ primary: { noWrap: true } }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {conversations.hasNextPage && (
        <Button
          size="small"
          fullWidth
          onClick={() => void conversations.fetchNextPage()}
          disabled={conversations.isFetchingNextPage}
          startIcon={conversations.isFetchingNextPage ? <CircularProgress size={16} aria-hidden /> : undefined}
          sx={{ mt: 1 }}
          data-testid="history-more"
        >
          More conversations
        </Button>
      )}
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setRenaming(menu!.conversation);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          Rename
        </MenuItem>
        {loggedIn &&
          (['md', 'json'] as const).map((format) => (
            <MenuItem
              key={format}
              onClick={() => {
                exporter.mutate({ id: menu!.conversation.id, format });
                setMenu(null);
              }}
              data-testid={`export-${format}`}
            >
              <ListItemIcon>
                <DownloadIcon fontSize="small" />
              </ListItemIcon>
              {format === 'md' ? 'Export as Markdown' : 'Export as JSON'}
            </MenuItem>
          ))}
        <MenuItem
          onClick={() => {
            setDeleting(menu!.conversation);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <DeleteOutlinedIcon fontSize="small" />
          </ListItemIcon>
          Delete
        </MenuItem>
      </Menu>
      {renaming && <RenameConversationDialog conversation={renaming} onClose={() => setRenaming(null)} />}
      {deleting && (
        <DeleteConversationDialog
          conversation={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            onDeleted(deleting.id);
          }}
        />
      )}
    </Box>
  );
}
