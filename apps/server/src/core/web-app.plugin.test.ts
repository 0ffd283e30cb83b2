import { describe, expect, it } from 'vitest';
import { isApiPath } from './web-app.plugin.js';

describe('isApiPath', () => {
  it('tells API paths from client routes', () => {
    for (const path of [
      '/api/v1/token/',
      '/auth/token/login',
      '/taberna-store/api/v1/x',
      '/taberna-cart/api/cart/',
      '/taberna-orders/stripe_webhook/',
      '/static/media/a.webp',
      '/healthz',
      '/ws/notification/1/',
    ]) {
      expect(isApiPath(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/taberna',
      '/taberna/cart',
      '/taberna-store/category/shoes',
      '/social/home',
      '/ai-lab',
      '/ai-lab/image-generator',
      '/taberna-profiles/activate-result/?status=activated',
      '/apis',
    ]) {
      expect(isApiPath(path), path).toBe(false);
    }
  });
});
