/** Where the start's plain lines go: a terminal only. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * Plain lines for a person watching the portal start in a terminal (issue 26: database, migrations,
 * demo data, and where the portal is). The log stays JSON for machines; these lines are written
 * only to a terminal, so a log collector reading stdout never sees them.
 */
export function createStartupProgress(stream: ProgressStream = process.stdout): (line: string) => void {
  return (line) => {
    if (stream.isTTY) stream.write(`${line}\n`);
  };
}
