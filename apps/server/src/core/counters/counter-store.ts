export interface CounterState {
  count: number;
  /** Milliseconds until the window of this counter ends. */
  resetInMs: number;
}

/** Fixed-window counters for rate limits: in memory by default, in Redis when `REDIS_URL` is set. */
export interface CounterStore {
  increment(key: string, windowMs: number): Promise<CounterState>;
  /** Takes one back from a live counter (never below zero; an ended window stays ended). */
  decrement(key: string): Promise<void>;
  get(key: string): Promise<CounterState>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
