const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses "500ms", "30s", "10m", "2h", "7d" or a bare number of seconds into milliseconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  const unit = UNITS[match[2] ?? 's'] ?? 1000;
  const ms = Math.round(value * unit);
  return ms > 0 ? ms : undefined;
}

const SIZES: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** Parses "512kb", "1mb" or a bare number of bytes. */
export function parseSize(text: string): number | undefined {
  const match = /^\s*(\d+)\s*(b|kb|mb|gb)?\s*$/i.exec(text);
  if (!match) return undefined;
  const bytes = Number(match[1]) * (SIZES[(match[2] ?? 'b').toLowerCase()] ?? 1);
  return bytes > 0 ? bytes : undefined;
}
