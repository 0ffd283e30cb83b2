import { describe, expect, it } from 'vitest';
import { createStartupProgress } from './startup-progress.js';

describe('createStartupProgress', () => {
  it('writes plain lines to a terminal, and nothing to a pipe or a file (the JSON log stays clean)', () => {
    const written: string[] = [];
    createStartupProgress({ isTTY: true, write: (text: string) => written.push(text) })('Portal ready at http://localhost:8000');
    expect(written).toEqual(['Portal ready at http://localhost:8000\n']);
    const piped: string[] = [];
    createStartupProgress({ write: (text: string) => piped.push(text) })('Starting the database…');
    expect(piped).toEqual([]);
  });
});
