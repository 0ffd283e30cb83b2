/** Before and after as short text: the fields that changed, or the whole value when it is small. */
export function changeText(before: unknown, after: unknown): string {
  const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));
  if (
    before &&
    after &&
    typeof before === 'object' &&
    typeof after === 'object' &&
    !Array.isArray(before) &&
    !Array.isArray(after)
  ) {
    const b = before as Record<string, unknown>;
    const a = after as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
      (key) => JSON.stringify(b[key]) !== JSON.stringify(a[key]),
    );
    return keys.map((key) => `${key}: ${show(b[key])} → ${show(a[key])}`).join('; ') || 'no change';
  }
  return `${show(before)} → ${show(after)}`;
}
