// Lighthouse performance scores for `npm run bench`: each page on mobile (Lighthouse's default:
// emulated phone, simulated slow 4G and 4x CPU slowdown) and desktop (its desktop preset), through
// the Lighthouse CLI (a devDependency) in a child process that launches Chromium headless.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLI = path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu';
const RUN_TIMEOUT_MS = 180_000;

/** Why Lighthouse cannot run here, or undefined when it can. */
export function lighthouseMissing(chromePath) {
  if (!fs.existsSync(CLI)) return 'lighthouse is not installed (npm ci installs it as a devDependency)';
  if (!fs.existsSync(chromePath)) return `no Chromium at ${chromePath} (set CHROMIUM_PATH)`;
  return undefined;
}

/** One Lighthouse run: the performance score (0-100) and the main metrics, or the reason it failed. */
export function lighthouseRun({ url, formFactor, chromePath, outDir }) {
  const output = path.join(outDir, `lighthouse-${formFactor}-${Date.now()}.json`);
  const args = [
    CLI,
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${output}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    '--quiet',
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      try {
        const report = JSON.parse(fs.readFileSync(output, 'utf8'));
        fs.rmSync(output, { force: true });
        const score = report.categories?.performance?.score;
        if (typeof score !== 'number') {
          return resolve({ error: report.runtimeError?.message ?? 'no performance score in the report' });
        }
        const metric = (id) => report.audits[id]?.numericValue;
        resolve({
          score: Math.round(score * 100),
          fcp: metric('first-contentful-paint'),
          lcp: metric('largest-contentful-paint'),
          tbt: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          warnings: report.runWarnings ?? [],
        });
      } catch {
        resolve({
          error: signal
            ? `killed after ${RUN_TIMEOUT_MS / 1000} s`
            : `exit ${code}: ${stderr.trim().split('\n').slice(-3).join(' ') || 'no report'}`,
        });
      }
    });
  });
}
