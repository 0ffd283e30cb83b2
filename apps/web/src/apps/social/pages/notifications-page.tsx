import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import ChatIcon from '@mui/icons-material/Chat';
import CommentIcon from '@mui/icons-material/Comment';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import PeopleIcon from '@mui/icons-material/People';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import {
  Alert,
  Button,
  Card,
  Container,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NOTIFICATION_FILTERS, type Notification, type NotificationFilter } from '@portal/contracts';
import { showErrorAlert } from '../../../shared/alerts/alert-store';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useNotifications, useNotificationsOf } from '../api/get-notifications';
import { useNotificationsSeen } from '../api/notifications-seen';
import { useReadAllNotifications } from '../api/read-all-notifications';
import { useReadNotification } from '../api/read-notification';
import { notificationTarget } from '../components/notification-target';

const ICONS: Record<string, typeof ThumbUpIcon> = {
  post_like: ThumbUpIcon,
  post_comment: CommentIcon,
  chat_message: ChatIcon,
  mention: AlternateEmailIcon,
};

/** Issue 27: the page's tabs, each a `?type=` of the list. */
const TABS: { value: NotificationFilter | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'mention', label: 'Mentions' },
  { value: 'post_like', label: 'Likes' },
  { value: 'post_comment', label: 'Comments' },
  { value: 'chat_message', label: 'Messages' },
  { value: 'friendship', label: 'Friends' },
];
const isFilter = (value: string | null): value is NotificationFilter =>
  value !== null && (NOTIFICATION_FILTERS as readonly string[]).includes(value);

export default function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('type');
  const filter = isFilter(asked) ? asked : null;
  const all = useNotifications();
  const filtered = useNotificationsOf(filter);
  const notifications = filter ? filtered : all;
  const read = useReadNotification();
  const readAll = useReadAllNotifications();
  const navigate = useNavigate();
  const slug = useAuthStore((state) => state.user?.slug);
  const markSeen = useNotificationsSeen((state) => state.markSeen);

  // Seeing the list clears the badge; the notifications stay here until opened or marked read.
  useEffect(() => {
    if (notifications.data) markSeen(notifications.data.map((item) => item.id));
  }, [notifications.data, markSeen]);

  const open = (notification: Notification) =>
    read.mutate(notification.id, {
      onSuccess: () => navigate(notificationTarget(notification, slug)),
      onError: (error) => showErrorAlert(error),
    });

  return (
    <Container maxWidth="md">
      <Stack direction="row" sx={{ mb: 3, alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.1rem' } }}>
          Notifications
        </Typography>
        {notifications.data && notifications.data.length > 0 && (
          <Button
            variant="outlined"
            startIcon={<DoneAllIcon />}
            onClick={() => readAll.mutate(undefined, { onError: (error) => showErrorAlert(error) })}
            disabled={readAll.isPending}
            data-testid="notifications-read-all"
          >
            Mark all as read
          </Button>
        )}
      </Stack>
      <Tabs
        value={filter ?? 'all'}
        onChange={(_event, value: string) => setParams(value === 'all' ? {} : { type: value })}
        aria-label="Kinds of notifications"
        variant="scrollable"
        sx={{ mb: 2 }}
      >
        {TABS.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} data-testid={`notifications-tab-${tab.value}`} />
        ))}
      </Tabs>
      {notifications.isPending && <PageLoader label="Loading notifications" />}
      {notifications.isError && (
        <Alert severity="error">The notifications could not be loaded: {notifications.error.message}</Alert>
      )}
      {notifications.data?.length === 0 && (
        <EmptyState icon={<NotificationsNoneIcon />} title="You are all caught up">
          {filter ? 'Nothing of this kind is waiting for you.' : 'Likes, comments, mentions and friend requests show here.'}
        </EmptyState>
      )}
      {notifications.data && notifications.data.length > 0 && (
        <Card>
          <List disablePadding aria-label="Unread notifications" data-testid="notifications">
            {notifications.data.map((notification) => {
              const Icon = ICONS[notification.type_of_notification] ?? PeopleIcon;
              return (
                <ListItem key={notification.id} disablePadding divider>
                  <ListItemButton onClick={() => open(notification)} disabled={read.isPending} data-testid="notification">
                    <ListItemIcon>
                      <Icon color="primary" />
                    </ListItemIcon>
                    <ListItemText primary={notification.body} />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </Card>
      )}
    </Container>
  );
}
