import { create } from 'zustand';
import { ApiError } from '../api/api-client';
import { ALERT_DISPLAY_MS } from '../theme/breakpoints';

export type AlertType = 'error' | 'success' | 'info';

interface AlertState {
  messages: string[];
  type: AlertType;
  /** Increases with every alert, so a repeated message restarts the timer. */
  serial: number;
  show(messages: string | string[], type: AlertType): void;
  clear(): void;
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** Spec §4: one alert at a time, a list of messages of one type, cleared after 5 seconds. */
export const useAlertStore = create<AlertState>((set, get) => ({
  messages: [],
  type: 'info',
  serial: 0,
  show(messages, type) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(Boolean);
    clearTimeout(timer);
    set({ messages: list, type, serial: get().serial + 1 });
    timer = setTimeout(() => set({ messages: [] }), ALERT_DISPLAY_MS);
  },
  clear() {
    clearTimeout(timer);
    set({ messages: [] });
  },
}));

export const showAlert = (messages: string | string[], type: AlertType) => useAlertStore.getState().show(messages, type);
export const clearAlert = () => useAlertStore.getState().clear();

/** A failed request as an error alert: the server's messages when it gave some, else the error's own. */
export const showErrorAlert = (error: unknown) =>
  showAlert(error instanceof ApiError ? error.messages : error instanceof Error ? error.message : String(error), 'error');
