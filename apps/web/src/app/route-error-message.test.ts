import { describe, expect, it } from 'vitest';
import { routeErrorMessage } from './route-error-message';

describe('routeErrorMessage', () => {
  it('says the status of an error response, the message of an error, or that it is unknown', () => {
    expect(routeErrorMessage({ status: 404, statusText: 'Not Found', internal: false, data: null })).toBe('404 Not Found');
    expect(routeErrorMessage(new Error('Failed to fetch dynamically imported module'))).toBe(
      'Failed to fetch dynamically imported module',
    );
    expect(routeErrorMessage('something')).toBe('Unknown error');
  });
});
