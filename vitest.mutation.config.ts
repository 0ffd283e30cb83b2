import path from 'node:path';
import { defineConfig } from 'vitest/config';
import portal from './vitest.config.js';

/**
 * For Stryker (stryker.config.mjs): the projects of vitest.config.ts narrowed to the test files of
 * one mutation module (MUTATION_TEST_FILES, comma separated, relative to the repository), with each
 * test's position in its file recorded (scripts/mutation/vitest-located-runner.mjs reports it).
 */
const wanted = (process.env.MUTATION_TEST_FILES ?? '')
  .split(',')
  .filter(Boolean)
  .map((file) => path.resolve(file));

type Project = { test: { root: string; include: string[] } };
const projects = ((portal.test?.projects ?? []) as Project[]).flatMap((project) => {
  const root = path.resolve(project.test.root);
  const include = wanted.filter((file) => file.startsWith(`${root}${path.sep}`)).map((file) => path.relative(root, file));
  return include.length > 0 ? [{ ...project, test: { ...project.test, include, includeTaskLocation: true } }] : [];
});

export default defineConfig({ test: { projects, includeTaskLocation: true } });
