import type { PortalRoute } from '../../shared/routing/portal-route';

/** The AI lab's pages (spec §2), each its own lazy chunk. */
export const aiLabRoutes: PortalRoute[] = [
  {
    name: 'homeAILab',
    path: '/ai-lab',
    title: 'Funny Chat',
    layout: 'mainAILab',
    page: () => import('./pages/funny-chat-page'),
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
    name: 'realtimeChat',
    path: '/ai-lab/realtime-chat',
    title: 'Realtime Chat',
    layout: 'mainAILab',
    page: () => import('./pages/realtime-chat-page'),
  },
];
