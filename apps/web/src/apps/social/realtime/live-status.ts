import { create } from 'zustand';
import type { LiveStatus } from './live-socket';

/** How the live sockets fare, per socket name; the indicator shows when one is reconnecting. */
export const useLiveStatus = create<{ sockets: Record<string, LiveStatus>; set(name: string, status: LiveStatus): void }>(
  (set) => ({
    sockets: {},
    set: (name, status) => set((state) => ({ sockets: { ...state.sockets, [name]: status } })),
  }),
);

export const useLiveUpdatesPaused = () =>
  useLiveStatus((state) => Object.values(state.sockets).some((status) => status === 'reconnecting'));
