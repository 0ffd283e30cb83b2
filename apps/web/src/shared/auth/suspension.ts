import { create } from 'zustand';

/** Where the web app says an account was suspended (issue 27). */
export const SUSPENDED_PATH = '/account-suspended';

const KEY = 'portal.suspended';
/** The server's words begin so (BO_MESSAGES.suspended); the page says the reason after its own heading. */
const PREFIX = 'This account is suspended: ';

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The reason a suspended person was given, kept for this tab (a reload of the page still says it). */
export const useSuspension = create<{ reason: string | null; set(message: string): void }>((set) => ({
  reason: typeof sessionStorage === 'undefined' ? null : read(),
  set(message) {
    const reason = message.startsWith(PREFIX) ? message.slice(PREFIX.length) : message;
    try {
      sessionStorage.setItem(KEY, reason);
    } catch {
      // Private browsing without storage: the page still says it until a reload.
    }
    set({ reason });
  },
}));
