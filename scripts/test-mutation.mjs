// `npm run test:mutation [-- <module>... ] [--force] [--changed] [--since]`: Stryker on the modules of
// scripts/mutation/modules.mjs, one after the other, then each module's mutation score.
//
// Runs are incremental: Stryker keeps each module's results in scripts/mutation/incremental/<module>.json
// (committed) and tests again only the mutants whose code or tests changed since. `--force` tests every
// mutant again. `--changed` (CI) skips the modules whose files are byte for byte those of their
// committed results, and reports those results. `--since` (CI's mutation lane) takes only the modules
// whose code or tests changed since the merge base with main (scripts/mutation/changed-modules.mjs),
// and from those skips the unchanged ones as `--changed` does: with no such module it takes seconds.
// A module with no committed results is listed as not measured (a first run of a database-bound one
// takes hours). A module under 85% fails the run.
// Reports: reports/mutation/<module>.html and .json (git-ignored).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { filesChangedSince, modulesTouchedBy, mutationBase } from './mutation/changed-modules.mjs';
import { MODULES } from './mutation/modules.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const TARGET = 85;

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
for (const flag of flags) {
  if (!['--force', '--changed', '--since'].includes(flag))
    throw new Error(`Unknown option ${flag}. Use: [module...] [--force] [--changed] [--since]`);
}
const names = args.filter((arg) => !arg.startsWith('--'));
for (const name of names) {
  if (!MODULES.some((module) => module.name === name))
    throw new Error(`No module ${name}. Modules: ${MODULES.map((module) => module.name).join(', ')}`);
}
const named = names.length > 0 ? MODULES.filter((module) => names.includes(module.name)) : MODULES;
let chosen = named;
if (flags.has('--since')) {
  const base = mutationBase(ROOT);
  chosen = modulesTouchedBy(named, filesChangedSince(ROOT, base));
  console.log(
    `Modules whose code or tests changed since ${base.slice(0, 10)}: ${chosen.map((module) => module.name).join(', ') || 'none'}`,
  );
}

const baselineFile = (module) => path.join(ROOT, 'scripts/mutation/incremental', `${module.name}.json`);
const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
const source = (file) => (fs.existsSync(path.join(ROOT, file)) ? fs.readFileSync(path.join(ROOT, file), 'utf8') : undefined);

/** Whether the module's sources and tests are exactly those its committed results were made from. */
function unchangedSince(module, baseline) {
  if (!baseline) return false;
  return (
    module.mutate.every((file) => baseline.files?.[file]?.source === source(file)) &&
    module.tests.every((file) => baseline.testFiles?.[file]?.source === source(file))
  );
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Stryker's mutation score (detected / valid mutants) of a mutation-testing report, per file and in all. */
function scores(report) {
  const count = (mutants) => {
    const detected = mutants.filter((mutant) => DETECTED.has(mutant.status)).length;
    const valid = detected + mutants.filter((mutant) => UNDETECTED.has(mutant.status)).length;
    return { detected, valid, survived: valid - detected, score: valid === 0 ? 100 : (100 * detected) / valid };
  };
  const files = Object.entries(report.files).map(([file, { mutants }]) => ({ file, ...count(mutants) }));
  return { files, ...count(Object.values(report.files).flatMap(({ mutants }) => mutants)) };
}

const started = Date.now();
const results = [];
for (const module of chosen) {
  const baseline = readJson(baselineFile(module));
  if (flags.has('--since') && !baseline) {
    console.log(`\n━━ ${module.name}: no committed results; run \`npm run test:mutation -- ${module.name}\` and commit them`);
    results.push({ module, how: 'NOT MEASURED', seconds: 0, files: [], score: 0, detected: 0, valid: 0, survived: 0 });
    continue;
  }
  if ((flags.has('--changed') || flags.has('--since')) && unchangedSince(module, baseline)) {
    console.log(`\n━━ ${module.name}: unchanged since its committed results`);
    results.push({ module, how: 'unchanged', seconds: 0, ...scores(baseline) });
    continue;
  }
  const t = Date.now();
  console.log(`\n━━ ${module.name} (${module.what}): ${module.mutate.join(', ')}`);
  const strykerArgs = ['stryker', 'run', '--incremental', ...(flags.has('--force') ? ['--force'] : [])];
  const run = spawnSync('npx', strykerArgs, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, MUTATION_MODULE: module.name },
  });
  const seconds = Math.round((Date.now() - t) / 1000);
  const report = readJson(path.join(ROOT, 'reports/mutation', `${module.name}.json`));
  if (run.status !== 0 || !report) {
    results.push({ module, how: 'FAILED TO RUN', seconds, files: [], score: 0, detected: 0, valid: 0, survived: 0 });
    continue;
  }
  results.push({ module, how: baseline && !flags.has('--force') ? 'incremental' : 'full', seconds, ...scores(report) });
}

console.log('\nMutation scores (detected / valid mutants; target ≥ 85%):\n');
const pad = (text, width) => String(text).padEnd(width);
for (const result of results) {
  const ok = result.score >= TARGET && result.how !== 'FAILED TO RUN';
  console.log(
    `${result.how === 'NOT MEASURED' ? '?' : ok ? '✓' : '✗'} ${pad(result.module.name, 18)} ${pad(`${result.score.toFixed(1)}%`, 7)} ${pad(`${result.detected}/${result.valid}`, 9)} ${result.how}${result.seconds ? ` (${result.seconds}s)` : ''}`,
  );
  for (const file of result.files)
    console.log(`    ${pad(file.file, 52)} ${pad(`${file.score.toFixed(1)}%`, 7)} ${file.detected}/${file.valid}`);
}
const measured = results.filter((result) => result.how !== 'NOT MEASURED');
const failed = measured.filter((result) => result.score < TARGET || result.how === 'FAILED TO RUN');
console.log(
  `\n${failed.length === 0 ? `Every module measured at ${TARGET}% or more` : `${failed.length} module(s) under ${TARGET}%`}${
    results.length > measured.length ? `; not measured: ${results.length - measured.length}` : ''
  } (${Math.round((Date.now() - started) / 1000)}s). Reports: reports/mutation/<module>.html`,
);
process.exit(failed.length === 0 ? 0 : 1);
