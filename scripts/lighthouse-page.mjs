// One page, one form factor, a few Lighthouse runs against a running portal: the median score, the
// raw runs' LCP/TBT/CLS, the LCP element and the elements that shifted. For chasing one page's figures
// (`npm run bench` measures them all).
// Usage: node scripts/lighthouse-page.mjs <url> [mobile|desktop] [runs]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLI = path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
const [url, formFactor = 'mobile', runsArg = '3'] = process.argv.slice(2);
const runs = Number(runsArg);
if (!url || !['mobile', 'desktop'].includes(formFactor) || !(runs >= 1)) {
  console.error('usage: node scripts/lighthouse-page.mjs <url> [mobile|desktop] [runs]');
  process.exit(2);
}
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-page-'));

function run(n) {
  const output = path.join(outDir, `run-${n}.json`);
  const args = [CLI, url, '--only-categories=performance', '--output=json', `--output-path=${output}`];
  args.push('--chrome-flags=--headless=new --no-sandbox --disable-gpu', '--quiet');
  if (formFactor === 'desktop') args.push('--preset=desktop');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: chromePath }, stdio: 'ignore' });
    child.on('exit', () => {
      try {
        resolve(JSON.parse(fs.readFileSync(output, 'utf8')));
      } catch {
        resolve(undefined);
      }
    });
  });
}

const items = (audit) => audit?.details?.items ?? [];
const nodeLabel = (node) => (node ? `${node.selector ?? ''} ${node.snippet ?? ''}`.trim().slice(0, 220) : '?');

const results = [];
for (let n = 0; n < runs; n += 1) {
  const report = await run(n);
  const score = report?.categories?.performance?.score;
  if (typeof score !== 'number') {
    console.log(`run ${n + 1}: failed (${report?.runtimeError?.message ?? 'no report'})`);
    continue;
  }
  const metric = (id) => Math.round(report.audits[id]?.numericValue ?? NaN);
  const result = {
    score: Math.round(score * 100),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: (report.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
  };
  results.push(result);
  console.log(`run ${n + 1}: score ${result.score}  LCP ${result.lcp} ms  TBT ${result.tbt} ms  CLS ${result.cls}`);
  const lcpItems = items(report.audits['largest-contentful-paint-element']);
  const lcpNode = lcpItems[0]?.items?.[0]?.node ?? lcpItems[0]?.node;
  console.log(`  LCP element: ${nodeLabel(lcpNode)}`);
  for (const phase of lcpItems[1]?.items ?? []) console.log(`    ${phase.phase}: ${Math.round(phase.timing)} ms`);
  for (const shift of items(report.audits['layout-shifts']).slice(0, 5)) {
    console.log(`  shift ${Number(shift.score).toFixed(3)}: ${nodeLabel(shift.node)}`);
  }
  if (process.env.LIGHTHOUSE_KEEP)
    fs.copyFileSync(path.join(outDir, `run-${n}.json`), `${process.env.LIGHTHOUSE_KEEP}-${n}.json`);
}
fs.rmSync(outDir, { recursive: true, force: true });
const sorted = [...results].sort((a, b) => a.score - b.score);
const median = sorted[Math.floor(sorted.length / 2)];
if (median)
  console.log(
    `median (${results.length} runs): score ${median.score}  LCP ${median.lcp}  TBT ${median.tbt}  CLS ${median.cls}  load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
