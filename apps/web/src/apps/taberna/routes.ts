import { portalSettingsKey } from '../../shared/api/query-keys';
import type { PortalRoute } from '../../shared/routing/portal-route';
import { PORTAL_SETTINGS_PATH } from '../../shared/settings/paths';
import { CATEGORIES_PATH, LATEST_PRODUCTS_PATH, productPath } from './api/paths';
import { categoriesKey, latestProductsKey, productKey } from './api/query-keys';

/** The shop's layout reads these in every page: its category menu and the portal's links. */
const LAYOUT_DATA = [
  { key: categoriesKey, path: CATEGORIES_PATH },
  { key: portalSettingsKey, path: PORTAL_SETTINGS_PATH },
];

/** The shop's pages (spec §2), each its own lazy chunk. */
export const tabernaRoutes: PortalRoute[] = [
  {
    name: 'homeTaberna',
    path: '/taberna',
    title: 'Home',
    layout: 'mainTaberna',
    page: () => import('./pages/home-page'),
    early: () => [LATEST_PRODUCTS_PATH],
    // The layout's category menu and links (the settings) too, so the top bar is whole in the server's HTML.
    ssr: {
      data: () => [{ key: latestProductsKey, path: LATEST_PRODUCTS_PATH }, ...LAYOUT_DATA],
    },
  },
  {
    name: 'signupTaberna',
    path: '/taberna/signup',
    title: 'Signup',
    layout: 'mainTaberna',
    page: () => import('./pages/signup-page'),
  },
  {
    name: 'loginTaberna',
    path: '/taberna/login',
    title: 'Login',
    layout: 'mainTaberna',
    page: () => import('./pages/login-page'),
  },
  {
    name: 'forgotPasswordTaberna',
    path: '/taberna/forgot-password',
    title: 'Forgot password',
    layout: 'mainTaberna',
    page: () => import('./pages/forgot-password-page'),
  },
  {
    name: 'resetPasswordTaberna',
    path: '/taberna/reset-password/:uid/:token',
    title: 'Choose a new password',
    layout: 'mainTaberna',
    page: () => import('./pages/reset-password-page'),
  },
  {
    name: 'dashboardTaberna',
    path: '/taberna/dashboard',
    title: 'Dashboard',
    layout: 'mainTaberna',
    requiresAuth: true,
    page: () => import('./pages/dashboard-page'),
  },
  {
    name: 'dataTaberna',
    path: '/taberna/dashboard/data',
    title: 'Your data',
    layout: 'mainTaberna',
    requiresAuth: true,
    page: () => import('./pages/your-data-page'),
  },
  {
    name: 'productTaberna',
    path: '/taberna-store/category/:categorySlug/:productSlug',
    title: 'Product',
    layout: 'mainTaberna',
    page: () => import('./pages/product-page'),
    early: ({ categorySlug, productSlug }) => (categorySlug && productSlug ? [productPath(categorySlug, productSlug)] : []),
    // The anonymous view (the server renders no one's): the product as a visitor who may not review sees it.
    ssr: {
      data: ({ categorySlug = '', productSlug = '' }) => [
        { key: productKey(categorySlug, productSlug, false), path: productPath(categorySlug, productSlug) },
        ...LAYOUT_DATA,
      ],
    },
  },
  {
    name: 'categoryTaberna',
    path: '/taberna-store/category/:categorySlug',
    title: 'Category',
    layout: 'mainTaberna',
    page: () => import('./pages/category-page'),
  },
  {
    name: 'searchTaberna',
    path: '/taberna/search',
    title: 'Search',
    layout: 'mainTaberna',
    page: () => import('./pages/search-page'),
  },
  {
    name: 'cartTaberna',
    path: '/taberna/cart',
    title: 'Cart',
    layout: 'mainTaberna',
    page: () => import('./pages/cart-page'),
  },
  {
    name: 'checkoutTaberna',
    path: '/taberna/cart/checkout',
    title: 'Checkout',
    layout: 'mainTaberna',
    requiresAuth: true,
    page: () => import('./pages/checkout-page'),
  },
  {
    name: 'successTaberna',
    path: '/taberna/cart/success',
    title: 'Payment successful',
    layout: 'mainTaberna',
    page: () => import('./pages/success-page'),
  },
  {
    name: 'failedTaberna',
    path: '/taberna/cart/failed',
    title: 'Payment failed',
    layout: 'mainTaberna',
    page: () => import('./pages/failed-page'),
  },
  {
    name: 'testCheckoutTaberna',
    path: '/taberna/test-checkout/:sessionId',
    title: 'Test checkout',
    layout: 'mainTaberna',
    page: () => import('./pages/test-checkout-page'),
  },
];
