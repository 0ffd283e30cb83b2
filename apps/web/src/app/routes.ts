import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { LayoutName } from '../shared/layout/app-names';
import { guardLoader } from './route-guard';
import type { RouteMeta } from './route-meta';

type PageModule = { default: ComponentType };
type PageLoader = () => Promise<PageModule>;

interface PortalRoute {
  name: string;
  path: string;
  title: string;
  layout: LayoutName;
  requiresAuth?: boolean;
  page: PageLoader;
}

/** Spec §2, the route table. Every page is its own lazy chunk inside its app's folder. */
export const PORTAL_ROUTES: PortalRoute[] = [
  {
    name: 'homeAppsManager',
    path: '/',
    title: 'Home',
    layout: 'mainAppsManager',
    page: () => import('../apps/apps-manager/pages/home-page'),
  },
  {
    name: 'searchAppsManager',
    path: '/apps_manager/search',
    title: 'Search',
    layout: 'mainAppsManager',
    page: () => import('../apps/apps-manager/pages/search-page'),
  },
  {
    name: 'activationResult',
    path: '/taberna-profiles/activate-result',
    title: 'Account activation',
    layout: 'mainAppsManager',
    page: () => import('../apps/apps-manager/pages/activation-result-page'),
  },

  {
    name: 'homeTaberna',
    path: '/taberna',
    title: 'Home',
    layout: 'mainTaberna',
    page: () => import('../apps/taberna/pages/home-page'),
  },
  {
    name: 'signupTaberna',
    path: '/taberna/signup',
    title: 'Signup',
    layout: 'mainTaberna',
    page: () => import('../apps/taberna/pages/signup-page'),
  },
  {
    name: 'loginTaberna',
    path: '/taberna/login',
    title: 'Login',
    layout: 'mainTaberna',
    page: () => import('../apps/taberna/pages/login-page'),
  },
  {
    name: 'forgotPasswordTaberna',
    path: '/taberna/forgot-password',
    title: 'Forgot password',
    layout: 'mainTaberna',
    page: () => import('../apps/taberna/pages/forgot-password-page'),
  },
  {
    name: 'resetPasswordTaberna',
    path: '/taberna/reset-password/:uid/:token',
    title: 'Choose a new password',
    layout: 'mainTaberna',
    page: () => import('../apps/taberna/pages/reset-password-page'),
  },
  {
    name: 'dashboardTaberna',
    path: '/taberna/dashboard',
    title: 'Dashboard',
    layout: 'mainTaberna',
    requiresAuth: true,
    page: () => import('../apps/taberna/pages/dashboard-page'),
  },
  {
    name: 'productTaberna',
    path: '/taberna-store/category/:categorySlug/:productSlug',
    title: 'Product',
    layout: 'mainTaberna',
    page: () => import('../apps/taberna/pages/product-page'),
  },
  {
    name: 'categoryTaberna',
    path: '/taberna-store/category/:categorySlug',
    title: 'Category',
    layout: 'mainTaberna',
    page: () => import('../apps/taberna/pages/category-page'),
  },
  {
    name: 'searchTaberna',
    path: '/taberna/search',
    title: 'Search',
    layout: 'mainTaberna',
    page: () => import('../apps/taberna/pages/search-page'),
  },
  {
    name: 'cartTaberna',
    path: '/taberna/cart',
    title: 'Cart',
    layout: 'mainTaberna',
    page: () => import('../apps/taberna/pages/cart-page'),
  },
  {
    name: 'checkoutTaberna',
    path: '/taberna/cart/checkout',
    title: 'Checkout',
    layout: 'mainTaberna',
    requiresAuth: true,
    page: () => import('../apps/taberna/pages/checkout-page'),
  },
  {
    name: 'successTaberna',
    path: '/taberna/cart/success',
    title: 'Payment successful',
    layout: 'mainTaberna',
    page: () => import('../apps/taberna/pages/success-page'),
  },
  {
    name: 'failedTaberna',
    path: '/taberna/cart/failed',
    title: 'Payment failed',
    layout: 'mainTaberna',
    page: () => import('../apps/taberna/pages/failed-page'),
  },
  {
    name: 'testCheckoutTaberna',
    path: '/taberna/test-checkout/:sessionId',
    title: 'Test checkout',
    layout: 'mainTaberna',
    page: () => import('../apps/taberna/pages/test-checkout-page'),
  },

  {
    name: 'homeSocial',
    path: '/social/home',
    title: 'Home',
    layout: 'mainSocial',
    page: () => import('../apps/social/pages/home-page'),
  },
  {
    name: 'editProfileSocial',
    path: '/social/profile/edit',
    title: 'Edit Profile',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('../apps/social/pages/edit-profile-page'),
  },
  {
    name: 'profileSocial',
    path: '/social/profile/:slug',
    title: 'Profile',
    layout: 'mainSocial',
    page: () => import('../apps/social/pages/profile-page'),
  },
  {
    name: 'friendsSocial',
    path: '/social/profile/:slug/friends',
    title: 'Friends',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('../apps/social/pages/friends-page'),
  },
  {
    name: 'trendSocial',
    path: '/social/trends/:id',
    title: 'Trend',
    layout: 'mainSocial',
    page: () => import('../apps/social/pages/trend-page'),
  },
  {
    name: 'chatSocial',
    path: '/social/chat',
    title: 'Chat',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('../apps/social/pages/chat-page'),
  },
  {
    name: 'conversationSocial',
    path: '/social/chat/:id',
    title: 'Chat',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('../apps/social/pages/chat-page'),
  },
  {
    name: 'notificationsSocial',
    path: '/social/notifications',
    title: 'Notifications',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('../apps/social/pages/notifications-page'),
  },
  {
    name: 'searchSocial',
    path: '/social/search',
    title: 'Search',
    layout: 'mainSocial',
    page: () => import('../apps/social/pages/search-page'),
  },
  {
    name: 'signupSocial',
    path: '/social/signup',
    title: 'Signup',
    layout: 'mainSocial',
    page: () => import('../apps/social/pages/signup-page'),
  },
  {
    name: 'loginSocial',
    path: '/social/login',
    title: 'Login',
    layout: 'mainSocial',
    page: () => import('../apps/social/pages/login-page'),
  },
  {
    name: 'forgotPasswordSocial',
    path: '/social/forgot-password',
    title: 'Forgot password',
    layout: 'mainSocial',
    page: () => import('../apps/social/pages/forgot-password-page'),
  },
  {
    name: 'resetPasswordSocial',
    path: '/social/reset-password/:uid/:token',
    title: 'Choose a new password',
    layout: 'mainSocial',
    page: () => import('../apps/social/pages/reset-password-page'),
  },
  {
    name: 'editPassword',
    path: '/social/edit/password',
    title: 'Edit Password',
    layout: 'mainSocial',
    requiresAuth: true,
    page: () => import('../apps/social/pages/edit-password-page'),
  },
  {
    name: 'postSocial',
    path: '/social/:id',
    title: 'Post',
    layout: 'mainSocial',
    page: () => import('../apps/social/pages/post-page'),
  },

  {
    name: 'homeAILab',
    path: '/ai-lab',
    title: 'Funny Chat',
    layout: 'mainAILab',
    page: () => import('../apps/ai-lab/pages/funny-chat-page'),
  },
  {
    name: 'imageGenerator',
    path: '/ai-lab/image-generator',
    title: 'Image Generator',
    layout: 'mainAILab',
    page: () => import('../apps/ai-lab/pages/image-generator-page'),
  },
  {
    name: 'voiceGenerator',
    path: '/ai-lab/voice-generator',
    title: 'Voice Generator',
    layout: 'mainAILab',
    page: () => import('../apps/ai-lab/pages/voice-generator-page'),
  },
  {
    name: 'galleryAILab',
    path: '/ai-lab/my-gallery',
    title: 'Gallery',
    layout: 'mainAILab',
    page: () => import('../apps/ai-lab/pages/gallery-page'),
  },
  {
    name: 'realtimeChat',
    path: '/ai-lab/realtime-chat',
    title: 'Realtime Chat',
    layout: 'mainAILab',
    page: () => import('../apps/ai-lab/pages/realtime-chat-page'),
  },

  {
    name: 'homeHyper3d',
    path: '/hyper3d',
    title: 'Figures',
    layout: 'mainHyper3d',
    page: () => import('../apps/hyper3d/pages/figures-page'),
  },
  {
    name: 'animateHyper3d',
    path: '/hyper3d/animate',
    title: 'Animate',
    layout: 'mainHyper3d',
    page: () => import('../apps/hyper3d/pages/animate-page'),
  },
  {
    name: 'localModelHyper3d',
    path: '/hyper3d/local-model',
    title: 'Local Model',
    layout: 'mainHyper3d',
    page: () => import('../apps/hyper3d/pages/local-model-page'),
  },

  {
    name: 'notFound',
    path: '*',
    title: 'Not Found',
    layout: 'mainAppsManager',
    page: () => import('../apps/apps-manager/pages/not-found-page'),
  },
];

export function toRouteObject(route: PortalRoute): RouteObject {
  const meta: RouteMeta = {
    name: route.name,
    title: route.title,
    layout: route.layout,
    requiresAuth: route.requiresAuth ?? false,
  };
  return {
    id: route.name,
    path: route.path,
    handle: meta,
    loader: guardLoader(meta),
    lazy: async () => ({ Component: (await route.page()).default }),
  };
}
