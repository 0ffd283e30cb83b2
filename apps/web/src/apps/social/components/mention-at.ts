/**
 * Issue 27: the mention being typed at the caret, if any: where its `@` is and what follows it so
 * far (lower case). Not glued to a word (an email address), `@`, `/` or `.`, as the server reads
 * mentions (`parseMentions` in the contract).
 */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(?:^|[^\p{L}\p{M}\p{N}_@/.])@([A-Za-z0-9-]{0,60})$/u.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1]!;
  return { start: caret - query.length - 1, query: query.toLowerCase() };
}
