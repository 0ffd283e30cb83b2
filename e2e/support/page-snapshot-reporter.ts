import { readFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How much of each page's snapshot is printed: enough for a page's landmarks, rows and dialogs. */
const LIMIT = 6_000;

/**
 * The page's accessibility snapshot in an error context: its own section after a timeout, a YAML block
 * under the error after a failed expectation.
 */
function pageSnapshot(errorContext: string): string | null {
  const section = errorContext.indexOf('# Page snapshot');
  if (section !== -1) {
    const next = errorContext.indexOf('\n# ', section + 1);
    return errorContext.slice(section, next === -1 ? undefined : next).trim();
  }
  const block = errorContext.indexOf('```yaml');
  if (block === -1) return null;
  const end = errorContext.indexOf('\n```', block + 7);
  return errorContext.slice(block, end === -1 ? undefined : end + 4).trim();
}

/**
 * Prints, after the run, what the page looked like when a test failed: the accessibility snapshot
 * Playwright saves beside the failure (its error context). On CI the log is all that is kept, and a
 * flaky test (failed once, passed on its retry) is fixed from it: a dialog that never opened, a login
 * page where the back office was, an error toast (docs/testing.md, "Flaky tests: finding and fixing them").
 */
export default class PageSnapshotReporter implements Reporter {
  private readonly failures: { title: string; snapshot: string }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((attachment) => attachment.name === 'error-context' && attachment.path);
    if (!context?.path) return;
    let text: string;
    try {
      text = readFileSync(context.path, 'utf8');
    } catch {
      return;
    }
    const snapshot = pageSnapshot(text);
    if (snapshot === null) return;
    this.failures.push({
      title: `${test.titlePath().filter(Boolean).join(' › ')} (try ${result.retry + 1})`,
      snapshot:
        snapshot.length > LIMIT ? `${snapshot.slice(0, LIMIT)}\n… (${snapshot.length - LIMIT} more characters)` : snapshot,
    });
  }

  onEnd(_result: FullResult): void {
    for (const failure of this.failures) {
      console.log(`\n── the page when this failed: ${failure.title}\n${failure.snapshot}`);
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}
