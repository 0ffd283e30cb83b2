// Stryker's vitest runner, telling Stryker where each test starts in its file.
//
// Stryker's incremental mode (`--incremental`) runs again only the mutants whose code or covering
// tests changed. Without a test's position it takes any change to a test file as a change to every
// test in it; the database-bound modules are tested by large API test files that other work edits
// all the time, so each edit would test the whole module again (an hour on a shared two-core
// machine). With positions (vitest's `includeTaskLocation`), only the edited tests count as changed.
import path from 'node:path';
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { strykerPlugins as vitestPlugins } from '@stryker-mutator/vitest-runner';

const vitestFactory = vitestPlugins.find((plugin) => plugin.name === 'vitest').factory;

/** The runner's own test id (vitest-runner's test-helpers.js and vitest-helpers.js): file#suite names and test name. */
function testId(test) {
  const names = [test.name];
  for (let suite = test.suite; suite; suite = suite.suite) names.unshift(suite.name);
  const file = test.file?.filepath ?? 'unknown.js';
  return `${path.relative(process.cwd(), file).replace(/\\/g, '/')}#${names.join(' ').trim()}`;
}

function testsOf(task) {
  return task.tasks.flatMap((child) => (child.type === 'suite' ? testsOf(child) : child.type === 'test' ? [child] : []));
}

function locatedVitestRunner(injector) {
  const runner = injector.injectFunction(vitestFactory);
  const dryRun = runner.dryRun.bind(runner);
  runner.dryRun = async (options) => {
    const result = await dryRun(options);
    if (result.status !== 'complete') return result;
    const starts = new Map();
    for (const file of runner.ctx.state.getFiles())
      for (const test of testsOf(file))
        if (test.location) starts.set(testId(test), { line: test.location.line - 1, column: test.location.column - 1 });
    for (const test of result.tests) {
      const start = starts.get(test.id);
      if (start) test.startPosition = start;
    }
    return result;
  };
  return runner;
}
locatedVitestRunner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'vitest-located', locatedVitestRunner)];
