import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-client';
import { showErrorAlert, useAlertStore } from './alert-store';

afterEach(() => vi.useRealTimers());

describe('alerts', () => {
  it('show a list of messages of one type and clear after 5 seconds', () => {
    vi.useFakeTimers();
    useAlertStore.getState().show(['one', 'two'], 'error');
    expect(useAlertStore.getState()).toMatchObject({ messages: ['one', 'two'], type: 'error' });
    vi.advanceTimersByTime(4999);
    expect(useAlertStore.getState().messages).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(useAlertStore.getState().messages).toEqual([]);
  });

  it('a new alert restarts the timer', () => {
    vi.useFakeTimers();
    useAlertStore.getState().show('first', 'info');
    vi.advanceTimersByTime(4000);
    useAlertStore.getState().show('second', 'success');
    vi.advanceTimersByTime(4000);
    expect(useAlertStore.getState().messages).toEqual(['second']);
  });

  it('show a failed request as the server messages, else as the error message', () => {
    showErrorAlert(new ApiError(400, { body: ['This field may not be blank.'], detail: 'Try again.' }));
    expect(useAlertStore.getState()).toMatchObject({ type: 'error' });
    const { messages } = useAlertStore.getState();
    expect(messages).toHaveLength(2);
    expect(messages).toContain('Try again.');
    showErrorAlert(new Error('The server could not be reached.'));
    expect(useAlertStore.getState().messages).toEqual(['The server could not be reached.']);
  });
});
