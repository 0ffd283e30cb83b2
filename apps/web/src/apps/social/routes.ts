import { portalSettingsKey } from '../../shared/api/query-keys';
import type { PortalRoute } from '../../shared/routing/portal-route';
import { PORTAL_SETTINGS_PATH } from '../../shared/settings/paths';
import { FEED_PATH, TRENDS_PATH } from './api/paths';
import { feedKey, trendsKey } from './api/query-keys';

/** The social network's pages (spec §2), each its own lazy chunk. */
export const socialRoutes: PortalRoute[] = [
  {
    name: 'homeSocial',
    path: '/social/home',
    title: 'Home',
    layout: 'mainSocial',
    page: () => import('./pages/home-page'),
    early: () => [FEED_PATH, TRENDS_PATH],
    // A visitor's view (the public posts, the join card): the feed's first page, the trends beside it,
    // and the layout's links (the settings). A stored login means no hydration (ssr-state.ts).
    ssr: {
      data: () => [
        { key: feedKey(null), path: FEED_PATH, infinite: true },
        { key: trendsKey, path: TRENDS_PATH },
        { key: portalSettingsKey, path: PORTAL_SETTINGS_PATH },
      ],
    },
  },
  {
    name: 'editProfileSocial',
    path: '/social/profile/edit',
    title: 'Edit Profile',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('./pages/edit-profile-page'),
  },
  {
    name: 'profileSocial',
    path: '/social/profile/:slug',
    title: 'Profile',
    layout: 'mainSocial',
    page: () => import('./pages/profile-page'),
  },
  {
    name: 'friendsSocial',
    path: '/social/profile/:slug/friends',
    title: 'Friends',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('./pages/friends-page'),
  },
  {
    name: 'trendSocial',
    path: '/social/trends/:id',
    title: 'Trend',
    layout: 'mainSocial',
    page: () => import('./pages/trend-page'),
  },
  {
    name: 'chatSocial',
    path: '/social/chat',
    title: 'Chat',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('./pages/chat-page'),
  },
  {
    name: 'conversationSocial',
    path: '/social/chat/:id',
    title: 'Chat',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('./pages/chat-page'),
  },
  {
    name: 'notificationsSocial',
    path: '/social/notifications',
    title: 'Notifications',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('./pages/notifications-page'),
  },
  {
    name: 'bookmarksSocial',
    path: '/social/bookmarks',
    title: 'Bookmarks',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('./pages/bookmarks-page'),
  },
  {
    name: 'blockedSocial',
    path: '/social/blocked',
    title: 'Blocked and muted',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('./pages/blocked-page'),
  },
  {
    name: 'searchSocial',
    path: '/social/search',
    title: 'Search',
    layout: 'mainSocial',
    page: () => import('./pages/search-page'),
  },
  {
    name: 'signupSocial',
    path: '/social/signup',
    title: 'Signup',
    layout: 'mainSocial',
    page: () => import('./pages/signup-page'),
  },
  {
    name: 'loginSocial',
    path: '/social/login',
    title: 'Login',
    layout: 'mainSocial',
    page: () => import('./pages/login-page'),
  },
  {
    name: 'forgotPasswordSocial',
    path: '/social/forgot-password',
    title: 'Forgot password',
    layout: 'mainSocial',
    page: () => import('./pages/forgot-password-page'),
  },
  {
    name: 'resetPasswordSocial',
    path: '/social/reset-password/:uid/:token',
    title: 'Choose a new password',
    layout: 'mainSocial',
    page: () => import('./pages/reset-password-page'),
  },
  {
    name: 'editPassword',
    path: '/social/edit/password',
    title: 'Edit Password',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('./pages/edit-password-page'),
  },
  {
    name: 'dataSocial',
    path: '/social/settings/data',
    title: 'Your data',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('./pages/your-data-page'),
  },
  {
    name: 'postSocial',
    path: '/social/:id',
    title: 'Post',
    layout: 'mainSocial',
    page: () => import('./pages/post-page'),
  },
];
