import { describe, expect, it } from 'vitest';
import { importSummary } from './import-dialog';

const base = { created: 2, updated: 5, errors: [], dry_run: true, applied: false };

describe('importSummary', () => {
  it('says what a dry run would do, what an import did, and that errors stop it', () => {
    expect(importSummary(base)).toBe('The file would make 2 new and update 5: nothing is written until you import it.');
    expect(importSummary({ ...base, dry_run: false, applied: true, created: 1 })).toBe('Imported: 1 variant created, 5 updated.');
    expect(importSummary({ ...base, errors: [{ row: 3, message: 'Bad.' }] })).toBe(
      'Nothing can be imported while the file has errors (2 variants created, 5 updated otherwise).',
    );
  });
});
