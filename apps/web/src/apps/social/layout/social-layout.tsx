import AppsIcon from '@mui/icons-material/Apps';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import ChatIcon from '@mui/icons-material/Chat';
import HomeIcon from '@mui/icons-material/Home';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { Badge, IconButton, Stack, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { meKey } from '../../../shared/api/query-keys';
import { AppProfileGate } from '../../../shared/auth/app-profile-gate';
import { useAuthStore, useIsLoggedIn } from '../../../shared/auth/auth-store';
import { AppShell } from '../../../shared/layout/app-shell';
import { NavButtons } from '../../../shared/layout/nav-buttons';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { useBackofficeLink } from '../../../shared/layout/use-backoffice-link';
import type { NavItem } from '../../../shared/layout/nav-item';
import { PortalFooter } from '../../../shared/layout/portal-footer';
import { useAllAppsUrl } from '../../../shared/settings/use-portal-settings';
import { AppThemeProvider } from '../../../shared/theme/app-theme-provider';
import { ThemeToggle } from '../../../shared/theme/theme-toggle';
import { useNotifications } from '../api/get-notifications';
import { unseenCount, useNotificationsSeen } from '../api/notifications-seen';
import { ProfileAvatar } from '../components/profile-avatar';
import { UndoDeleteSnackbar } from '../components/undo-delete-snackbar';
import { UNREAD_BADGE } from '../components/unread-badge';
import { LiveIndicator } from '../realtime/live-indicator';
import { useRefreshMe } from './use-refresh-me';
import { useSocialLogout } from './use-social-logout';
import { useSocialSession } from './use-social-session';

const NotificationSocket = lazy(() => import('../realtime/notification-socket'));

export default function SocialLayout({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const user = useAuthStore((state) => state.user);
  const allApps = useAllAppsUrl();
  const logout = useSocialLogout();
  const backoffice = useBackofficeLink();
  const queryClient = useQueryClient();
  useRefreshMe();
  useSocialSession();
  // Spec §2 and §4: the unread count, loaded when the bar starts, shown in brackets; those already
  // seen on the notifications page no longer count (issue 16).
  const seen = useNotificationsSeen((state) => state.seen);
  const unread = unseenCount(useNotifications().data, seen);

  const items: NavItem[] = loggedIn
    ? [
        ...backoffice,
        { label: 'Chat', to: '/social/chat', icon: <ChatIcon />, testId: 'nav-chat' },
        { label: 'Bookmarks', to: '/social/bookmarks', icon: <BookmarksIcon />, testId: 'nav-bookmarks' },
        {
          label: `Notifications (${unread})`,
          to: '/social/notifications',
          icon: <NotificationsIcon />,
          testId: 'nav-notifications',
        },
        { label: 'Logout', onClick: logout, icon: <LogoutIcon />, testId: 'nav-logout' },
      ]
    : [
        { label: 'Signup', to: '/social/signup', icon: <PersonAddIcon />, testId: 'nav-signup' },
        { label: 'Login', to: '/social/login', icon: <LoginIcon />, testId: 'nav-login' },
      ];

  return (
    <AppThemeProvider accent="social">
      <AppShell
        appName={APP_NAMES.mainSocial}
        homePath="/social/home"
        navigation="top"
        testId="layout-mainSocial"
        desktopActions={
          <Stack direction="row" spacing={0.5}>
            <NavButtons items={items} />
          </Stack>
        }
        phoneActions={
          loggedIn && (
            <Tooltip title="Notifications">
              <IconButton
                color="inherit"
                component={RouterLink}
                to="/social/notifications"
                aria-label={`Notifications (${unread})`}
                data-testid="nav-notifications"
              >
                <Badge badgeContent={unread} max={99} sx={UNREAD_BADGE}>
                  <NotificationsIcon />
                </Badge>
              </IconButton>
            </Tooltip>
          )
        }
        actions={
          <>
            <Tooltip title="Search">
              <IconButton color="inherit" component={RouterLink} to="/social/search" aria-label="Search people and posts">
                <SearchIcon />
              </IconButton>
            </Tooltip>
            <ThemeToggle />
            {loggedIn && user && (
              <Tooltip title="My profile">
                <IconButton
                  component={RouterLink}
                  to={`/social/profile/${user.slug}`}
                  aria-label="My profile"
                  data-testid="nav-avatar"
                  sx={{ p: 0.5 }}
                >
                  <ProfileAvatar src={user.avatar_url ?? undefined} name={user.full_name} sx={{ width: 36, height: 36 }} />
                </IconButton>
              </Tooltip>
            )}
          </>
        }
        drawerItems={[
          { label: 'Home', to: '/social/home', icon: <HomeIcon /> },
          ...items,
          { label: 'All Apps', href: allApps, icon: <AppsIcon /> },
          { label: 'Vue Apps', to: '/', icon: <ViewModuleIcon /> },
        ]}
        footer={
          <PortalFooter
            productName={APP_NAMES.mainSocial}
            links={[
              { label: 'Home', to: '/social/home' },
              { label: 'All Apps', href: allApps, testId: 'footer-all-apps' },
              { label: 'Vue Apps', to: '/', testId: 'footer-vue-apps' },
            ]}
          />
        }
      >
        {loggedIn && <LiveIndicator />}
        {/* Contract §9.2: pushes keep the count live while logged in; the socket closes on logout. */}
        {loggedIn && (
          <Suspense fallback={null}>
            <NotificationSocket />
          </Suspense>
        )}
        <AppProfileGate
          app="social"
          appName={APP_NAMES.mainSocial}
          promise="Post pictures, chat and make friends."
          onJoined={() => void queryClient.invalidateQueries({ queryKey: meKey })}
        >
          {children}
        </AppProfileGate>
        <UndoDeleteSnackbar />
      </AppShell>
    </AppThemeProvider>
  );
}
