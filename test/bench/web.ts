// The sign-in step runs in the browser through Playwright; its page code uses DOM types.
/// <reference lib="dom" />
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse, { desktopConfig } from 'lighthouse';
import { DEMO_PASSWORD } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { CHROMIUM_FLAGS } from '../support/chromium';
import { repoRoot, spawnStack } from '../support/spawn-stack';
import { BENCH_ADVERTISER_ID } from './advertiser';

const webDir = join(repoRoot, 'web');
const distDir = join(webDir, 'dist');
/** The login route's page module, as the Vite manifest names it. */
export const LOGIN_ROUTE_MODULE = 'src/features/auth/routes/login.tsx';

export interface RouteJsSize {
  /** The page modules measured (with the app entry). */
  readonly routes: readonly string[];
  /** Each file the route loads, with its gzip size (level 9, as a CDN would serve it). */
  readonly files: ReadonlyArray<{ readonly file: string; readonly gzipBytes: number }>;
  readonly totalGzipBytes: number;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The JavaScript a route loads on first visit: the entry (`index.html`) with its static imports, plus
 * the route's lazy page module with its static imports. Lazy imports inside those (the toaster, the
 * signed-in menus, Apollo) load later, on demand, and are not counted.
 */
export function routeJsSize(routes: readonly string[], dist = distDir): RouteJsSize {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Not in the Vite manifest: ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const route of routes) visit(route);
  const sized = [...files]
    .filter((file) => file.endsWith('.js'))
    .sort()
    .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }));
  return { routes, files: sized, totalGzipBytes: sized.reduce((sum, entry) => sum + entry.gzipBytes, 0) };
}

/** Runs `vite build` for the web app (the bundle measured is the one shipped). */
export function buildWeb(): void {
  const result = spawnSync(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: webDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${result.status ?? 'unknown'}`);
}

/**
 * Gzip size of the login route's JavaScript (issue #3 goal: at most 250 KB). Builds the web app first
 * unless `build: false` (then `web/dist` must be current).
 */
export async function measureLoginRouteJs(options: { build?: boolean } = {}): Promise<RouteJsSize> {
  if (options.build ?? true) buildWeb();
  return routeJsSize([LOGIN_ROUTE_MODULE]);
}

/** A page to measure; `signIn` first signs in through the login form (for protected pages). */
export type LighthouseTarget =
  string | { readonly url: string; readonly signIn?: { username: string; password: string } };

export interface LighthouseResult {
  readonly url: string;
  readonly signedInAs: string | null;
  /** Performance score, 0-100 (issue #3 goal: at least 95). */
  readonly score: number;
  readonly firstContentfulPaintMs: number;
  readonly largestContentfulPaintMs: number;
  readonly totalBlockingTimeMs: number;
  readonly cumulativeLayoutShift: number;
  readonly speedIndexMs: number;
  /** Axe violations of serious or critical impact on the loaded page (the goal: none). */
  readonly axeViolations: readonly string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const audit = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string): number =>
  lhr.audits[id]?.numericValue ?? Number.NaN;

/**
 * Lighthouse 12 (desktop preset, performance only) in Debian's Chromium, one fresh browser profile per
 * page. Lighthouse cannot sign in by itself, so for a protected page the browser is started by
 * Playwright with a debugging port, signs in through the login form as a person would, drops its HTTP
 * cache (the measured load is a cold one), and Lighthouse then runs in the same browser over CDP with
 * storage reset off, so the session in local storage survives. Public pages get the usual reset.
 */
export async function measureLighthouse(
  targets: readonly LighthouseTarget[],
  options: { reportDir?: string } = {},
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  if (options.reportDir) mkdirSync(options.reportDir, { recursive: true });
  for (const target of targets) {
    const { url, signIn } = typeof target === 'string' ? { url: target, signIn: undefined } : target;
    if (!/^http:\/\/127\.0\.0\.1[:/]/.test(url)) throw new Error(`refusing to measure a non-loopback URL: ${url}`);
    const port = await freePort();
    const profile = mkdtempSync(join(tmpdir(), 'bidgrid-lighthouse-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
    });
    try {
      if (signIn) {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto(new URL('/', url).href);
        await page.getByLabel('Username').fill(signIn.username);
        await page.getByLabel('Password', { exact: true }).fill(signIn.password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.waitForURL(/\/dashboard$/);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        await page.goto('about:blank');
      }
      const run = await lighthouse(
        url,
        {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: Boolean(signIn),
        },
        desktopConfig,
      );
      if (!run) throw new Error(`Lighthouse returned no result for ${url}`);
      const { lhr } = run;
      if (options.reportDir) {
        // The full report (network waterfall, critical chains) for whoever wants to know why.
        const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}.json`;
        writeFileSync(join(options.reportDir, name), JSON.stringify(lhr, null, 2));
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
      // The same path (a page may add its own query, as the dashboard adds the campaign it shows).
      if (signIn && new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
        throw new Error(`Lighthouse did not stay on ${url} (ended on ${lhr.finalDisplayedUrl}): the session was lost`);
      }
      // Axe on the same page in the same browser (the session too), once its reads are done.
      const checked = await context.newPage();
      await checked.goto(url);
      await checked.waitForLoadState('networkidle');
      const axeViolations = await seriousAxeViolations(checked);
      await checked.close();
      results.push({
        url,
        signedInAs: signIn?.username ?? null,
        score: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
        firstContentfulPaintMs: audit(lhr, 'first-contentful-paint'),
        largestContentfulPaintMs: audit(lhr, 'largest-contentful-paint'),
        totalBlockingTimeMs: audit(lhr, 'total-blocking-time'),
        cumulativeLayoutShift: audit(lhr, 'cumulative-layout-shift'),
        speedIndexMs: audit(lhr, 'speed-index'),
        axeViolations,
      });
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
  return results;
}

/** Lighthouse's goal (issues #3, #15): at least this performance score on every page measured. */
export const LIGHTHOUSE_GOAL = 95;

/** Whether the pages met the goals: the score, and no serious or critical axe violation. */
export const webGoalsMet = (results: readonly LighthouseResult[]): boolean =>
  results.every((r) => r.score >= LIGHTHOUSE_GOAL && r.axeViolations.length === 0);

/** The pages the web section measures: the login page, the dashboard and an advertiser page (signed in). */
export function webBenchTargets(webUrl: string, password: string): LighthouseTarget[] {
  const signIn = { username: 'demo', password };
  return [
    new URL('/', webUrl).href,
    { url: new URL('/dashboard', webUrl).href, signIn },
    { url: new URL(`/advertisers/${BENCH_ADVERTISER_ID}`, webUrl).href, signIn },
  ];
}

/** Prints the figures of issues #3 and #15: login route JS, and Lighthouse and axe for each page. */
export function formatWebFigures(size: RouteJsSize, lighthouseResults: readonly LighthouseResult[]): string {
  const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
  const lines = [
    `login route JS: ${kb(size.totalGzipBytes)} KB gzip (goal <= 250 KB) in ${size.files.length} files`,
    ...lighthouseResults.map(
      (r) =>
        `lighthouse ${new URL(r.url).pathname}${r.signedInAs ? ` (signed in as ${r.signedInAs})` : ''}: ` +
        `performance ${r.score} (goal >= ${LIGHTHOUSE_GOAL}), FCP ${r.firstContentfulPaintMs.toFixed(0)} ms, ` +
        `LCP ${r.largestContentfulPaintMs.toFixed(0)} ms, TBT ${r.totalBlockingTimeMs.toFixed(0)} ms, ` +
        `CLS ${r.cumulativeLayoutShift.toFixed(3)}, SI ${r.speedIndexMs.toFixed(0)} ms, ` +
        `axe ${r.axeViolations.length === 0 ? 'clean' : `${r.axeViolations.length} serious/critical:\n    ${r.axeViolations.join('\n    ')}`}`,
    ),
  ];
  return lines.join('\n');
}

// `npx tsx test/bench/web.ts`: builds the web app, starts a stack serving that build, and measures.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const size = await measureLoginRouteJs();
  const stack = await spawnStack({ web: 'build' });
  try {
    const webUrl = stack.info.webUrl;
    if (!webUrl) throw new Error('The stack serves no web app');
    const results = await measureLighthouse(webBenchTargets(webUrl, DEMO_PASSWORD), {
      reportDir: process.env.LIGHTHOUSE_REPORT_DIR,
    });
    console.log(formatWebFigures(size, results));
    if (!webGoalsMet(results)) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}
