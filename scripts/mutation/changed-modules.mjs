// Which modules of modules.mjs a change touches, for CI's mutation lane (`npm run test:mutation -- --since`).
//
// The base is MUTATION_BASE when set; else the merge base of HEAD and main (a branch: everything it
// changed); on main itself, where that is HEAD, HEAD's first parent (a merge commit: everything the
// merged branch brought; else the last commit).
import { execFileSync } from 'node:child_process';

const git = (root, ...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** The commit the lane compares with (see above). */
export function mutationBase(root, env = process.env) {
  if (env.MUTATION_BASE) return git(root, 'rev-parse', '--verify', `${env.MUTATION_BASE}^{commit}`);
  const head = git(root, 'rev-parse', 'HEAD');
  const main = ['main', 'origin/main'].find((ref) => {
    try {
      git(root, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
      return true;
    } catch {
      return false;
    }
  });
  if (!main) throw new Error('No main branch to compare with: set MUTATION_BASE to a commit.');
  const base = git(root, 'merge-base', 'HEAD', main);
  return base === head ? git(root, 'rev-parse', 'HEAD^1') : base;
}

/** The files that differ between the base and the working tree (committed or not), repository-relative. */
export function filesChangedSince(root, base) {
  return git(root, 'diff', '--name-only', base).split('\n').filter(Boolean);
}

/** The modules one of whose mutated files or test files is among `changed`. */
export function modulesTouchedBy(modules, changed) {
  const files = new Set(changed);
  return modules.filter((module) => [...module.mutate, ...module.tests].some((file) => files.has(file)));
}
