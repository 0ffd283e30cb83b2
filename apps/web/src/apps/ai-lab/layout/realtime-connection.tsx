import { useEffect } from 'react';
import { connectRealtime, disconnectRealtime } from '../store/realtime-store';

/**
 * Spec §4: the realtime chat's socket is open while the AI lab layout is mounted. A component of its
 * own so the layout can load it after the first paint: the socket frames' schemas (zod) stay out of
 * the AI lab's first view.
 */
export default function RealtimeConnection() {
  useEffect(() => {
    connectRealtime();
    return disconnectRealtime;
  }, []);
  return null;
}
