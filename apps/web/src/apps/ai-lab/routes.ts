import { portalSettingsKey } from '../../shared/api/query-keys';
import type { PortalRoute } from '../../shared/routing/portal-route';
import { PORTAL_SETTINGS_PATH } from '../../shared/settings/paths';
import { AI_STATUS_PATH } from './api/paths';
import { aiStatusKey } from './api/query-keys';

/** The AI lab's pages (spec §2), each its own lazy chunk. */
export const aiLabRoutes: PortalRoute[] = [
  {
    name: 'homeAILab',
    path: '/ai-lab',
    title: 'Funny Chat',
    layout: 'mainAILab',
    page: () => import('./pages/funny-chat-page'),
    // The engine badge under the heading (the status) and the layout's links (the settings); the
    // conversation history is this browser's or the account's, filled in once hydrated.
    ssr: {
      data: () => [
        { key: aiStatusKey, path: AI_STATUS_PATH },
        { key: portalSettingsKey, path: PORTAL_SETTINGS_PATH },
      ],
    },
  },
  {
    name: 'imageGenerator',
    path: '/ai-lab/image-generator',
    title: 'Image Generator',
    layout: 'mainAILab',
    page: () => import('./pages/image-generator-page'),
  },
  {
    name: 'voiceGenerator',
    path: '/ai-lab/voice-generator',
    title: 'Voice Generator',
    layout: 'mainAILab',
    page: () => import('./pages/voice-generator-page'),
  },
  {
    name: 'galleryAILab',
    path: '/ai-lab/my-gallery',
    title: 'Gallery',
    layout: 'mainAILab',
    page: () => import('./pages/gallery-page'),
  },
  {
    name: 'sharedConversation',
    path: '/ai-lab/shared/:token',
    title: 'Shared conversation',
    layout: 'mainAILab',
    page: () => import('./pages/shared-conversation-page'),
  },
  {
    name: 'realtimeChat',
    path: '/ai-lab/realtime-chat',
    title: 'Realtime Chat',
    layout: 'mainAILab',
    page: () => import('./pages/realtime-chat-page'),
  },
];
