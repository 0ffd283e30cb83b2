const TITLE_LENGTH = 60;

/** A new conversation's title: the start of its first question, on one line (as the server names them). */
export function titleOf(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length <= TITLE_LENGTH ? line : `${line.slice(0, TITLE_LENGTH - 1).trimEnd()}…`;
}
