/**
 * `npm run bench [-- section ...]`: the figures the issues ask for, measured on this machine.
 * Sections (all by default):
 * - bundles: Lambda bundle sizes as the CDK app bundles them (esbuild ESM minified, node24,
 *   @aws-sdk/* external), against the budget (median <= 100 KB, largest <= 300 KB), what weighs
 *   most in the largest, and each bundle's cold import time in a fresh node process
 *   (BENCH_IMPORT_ROUNDS rounds, 3 by default; the bench fails over budget or on a failed import) #2, #16
 * - cdk: `cdk synth` seconds of the whole app, resources per stack, bundle largest/median      #4
 * - stack: local stack start-to-ready seconds (fresh data, Vite dev server, as `npm start`)    #2
 * - latency: p50/p99 and requests/s of an authenticated GET through the local gateway,
 *   50 clients for 10 s as one user (the per-user rate limit lifted for the run)                #2
 * - web: login route JavaScript (gzip); Lighthouse performance and axe of `/`, `/dashboard` and
 *   Acme's advertiser page (goal >= 95 each, no serious or critical axe violation)              #3, #15
 * - advertiser: Acme's advertiser page in Chromium at 1280 x 800, signed in: time until its campaign
 *   metrics and creatives are painted, median of 15 warm and 15 cold loads (goal <= 500 ms warm),
 *   with the request waterfall                                                                  #15
 * - billing: billing job throughput, advertisers charged per second (payments simulator)         #5
 * - invoices: time to export 50 invoices as PDFs in Chromium, Latin names, names that need
 *   embedded fonts (Polish, Greek, Japanese, Russian, Korean, Czech) and shaped ones (Arabic,
 *   Hindi)                                                                                        #5, #27
 * - reports: p50/p99 of campaigns-by-advertiser and line-item reports (200 line items, 120 days)
 *   through the local gateway (goal p99 < 150 ms)                                                 #6
 *   and of Acme's advertiser page first screen in one read                                       #15
 * - lists: the invoices list of an agency with 500 invoices: one reply's size and time, and the
 *   whole list page by page                                                                      #9 §6
 * - sync: report sync against raw BatchWriteItem into the same DynamoDB Local (ceiling, sync,
 *   ratio, where the time goes), a report over 30,000 rows arriving complete, 25,000 line items
 *   in one day, 1,000 campaigns through the queue and the worker                                 #10
 * - create: a campaign of 1,000 companies over the realtime API, the bidder simulator at 50 ms a
 *   call and 20 at once (429 beyond): time to campaignCreated (goal <= 30 s), the longest gap
 *   between progress messages (goal <= 2 s), bidder calls per company                           #11
 * - csv: 10,000 CSV lines matched over the realtime API (getCSVKickfireMatches in chunks, as the
 *   Target Companies page sends them): time (goal <= 10 s), the longest time without a progress
 *   message or reply (goal <= 1 s), matches; then the misses explained in the background
 *   (explainNoMatches): its time and longest silence, the vendor requests of each phase, and the
 *   reasons after both, which must be a one-phase match's (the bench fails otherwise)              #12
 * - create25k: a campaign of 25,000 companies the same way (goal <= 10 minutes), then the same
 *   creation on a stack that keeps its data, killed outright (SIGKILL) part-way and started again
 *   on its data: time until nothing of it is left at the bidder or in the tables (the recovery)  #12
 * - load: on a fresh stack, an agency of 50 colleagues the bench seeds (3 advertisers, a campaign of 10
 *   line items and 30 days of delivery each): 200 HTTP clients (one keep-alive connection and
 *   request loop each, 4 per user, under the prod stage's per-user limit) for 60 s on the main reads
 *   and writes, p50/p90/p99/max and errors per operation (goal: errors < 0.1%; 429s apart); then 500
 *   WebSocket connections held open while 6 campaigns of 200 companies are created over them, 3 at a
 *   time, with a CSV match every 200 ms: connect p50/p99, dropped sockets (goal 0), creation times, every
 *   creation campaignCreated, connection records left after closing (goal 0); the stack's CPU and RSS
 *   from /proc. `BENCH_LOAD_SECONDS`, `_CLIENTS`, `_USERS`, `_SOCKETS`, `_CREATIONS`,
 *   `_CREATIONS_AT_ONCE`, `_CREATION_COMPANIES`, `_TRICKLE_MS` change the run                    #16
 * Figures vary with what else the machine is doing: run it on an idle machine.
 */
import { measureBundles, measureImportTimes, percentile } from './bundles';
import { BUNDLE_BUDGET, budgetViolations, describeBundle, medianBytes } from '@bidgrid/cdk/src/lambda/bundle-budget';
import { measureCdk } from './cdk';
import { measureLatency } from './latency';
import {
  buildWeb,
  formatWebFigures,
  measureLighthouse,
  measureLoginRouteJs,
  webBenchTargets,
  webGoalsMet,
} from './web';
import { ADVERTISER_GOAL_MS, formatAdvertiserFigures, measureAdvertiserPage } from './advertiser';
import { measureBilling } from './billing';
import { formatInvoiceExport, measureInvoiceExport } from './invoices-pdf';
import { formatReportsFigures, measureReports } from './reports';
import { formatListFigures, measureInvoiceList } from './lists';
import { formatSyncScaleFigures, measureSyncScale } from './sync';
import { formatCreateFigures, formatRecoveryFigures, measureCreate, measureCreateRecovery } from './create';
import { csvReasonsAgree, formatCsvMatchFigures, measureCsvMatch } from './csv-match';
import { formatLoadFigures, loadGoalsMet, loadOptionsFromEnv, measureLoad } from './load';
import { spawnStack, type SpawnedStack } from '../support/spawn-stack';
import { forgetStack, STACK_INFO_ENV } from '../support/stack';
import { accessTokenFor, DEMO_PASSWORD } from '../support/api';
import { setLocalRateLimits } from '../support/rate-limits';

const ALL = [
  'bundles',
  'cdk',
  'stack',
  'latency',
  'web',
  'advertiser',
  'billing',
  'invoices',
  'reports',
  'lists',
  'sync',
  'create',
  'csv',
  'create25k',
  'load',
] as const;
type Section = (typeof ALL)[number];
const asked = process.argv.slice(2).filter((a) => (ALL as readonly string[]).includes(a)) as Section[];
const sections = new Set<Section>(asked.length > 0 ? asked : ALL);

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

if (sections.has('bundles')) {
  console.log('# Lambda bundles (as the CDK app bundles them: esbuild, ESM, minified, node24, @aws-sdk/* external)');
  const bundles = measureBundles();
  for (const b of bundles) console.log(`${kb(b.bytes).padStart(8)} KB  ${b.outName}`);
  console.log(
    `largest ${kb(bundles[0]?.bytes ?? 0)} KB (budget ${kb(BUNDLE_BUDGET.largestBytes)}), median ${kb(medianBytes(bundles))} KB (budget ${kb(BUNDLE_BUDGET.medianBytes)}), ${bundles.length} bundles`,
  );
  console.log('what weighs most in the largest:');
  for (const b of bundles.slice(0, 3)) console.log(`  ${describeBundle(b)}`);
  const violations = budgetViolations(bundles);
  for (const violation of violations) console.log(`OVER BUDGET: ${violation}`);
  if (violations.length > 0) process.exitCode = 1;

  const rounds = Number(process.env['BENCH_IMPORT_ROUNDS'] ?? 3);
  console.log(`\n# Cold import of each bundle (a fresh node process each, median of ${rounds} rounds)`);
  const times = await measureImportTimes(
    bundles.map((b) => b.outName),
    { rounds },
  );
  const ms = times.map((t) => t.ms);
  console.log(
    `median ${percentile(ms, 0.5).toFixed(1)} ms, p90 ${percentile(ms, 0.9).toFixed(1)} ms, max ${percentile(ms, 1).toFixed(1)} ms, ${ms.length} bundles`,
  );
  console.log('slowest:');
  for (const t of times.slice(0, 5)) console.log(`${t.ms.toFixed(1).padStart(8)} ms  ${t.outName}`);
  console.log('');
}

if (sections.has('cdk')) {
  console.log('# CDK (real `cdk synth -c stage=dev`: bundling, validation and cdk-nag on)');
  const cdk = measureCdk();
  console.log(`synth ${cdk.synthSeconds.toFixed(1)} s (goal < 60 s)`);
  for (const s of cdk.resourcesPerStack) console.log(`${String(s.resources).padStart(5)} resources  ${s.stack}`);
  console.log(
    `bundles: ${cdk.bundles.length}, largest ${cdk.largestBundle ? `${kb(cdk.largestBundle.bytes)} KB (${cdk.largestBundle.entry})` : '-'}, median ${kb(cdk.medianBundleBytes)} KB\n`,
  );
}

if (sections.has('stack')) {
  console.log('# Local stack start to ready (fresh data, all emulators and simulators, Vite dev server)');
  const stack = await spawnStack({ web: 'dev' });
  console.log(`ready in ${(stack.readyMs / 1000).toFixed(1)} s (goal <= 30 s)\n`);
  await stack.stop();
}

// The web section rebuilds web/dist, so it runs before the stack that serves the build; the advertiser
// section measures that build too (built here when the web section is not asked).
const loginJs = sections.has('web') ? await measureLoginRouteJs() : undefined;
if (sections.has('advertiser') && !loginJs) buildWeb();

if (sections.has('latency') || sections.has('web') || sections.has('advertiser')) {
  const stack: SpawnedStack = await spawnStack({ web: 'build' });
  try {
    process.env[STACK_INFO_ENV] = stack.infoFile;
    if (sections.has('latency')) {
      const token = await accessTokenFor('demo');
      const url = `${stack.info.apiUrl}/api/playBooks`;
      // 50 clients as one user is a load test of the gateway, not of the per-user limit (which it
      // would meet within a second or two): lift the limit for this run; the limiter still counts.
      await setLocalRateLimits(stack.info.apiUrl, { perUser: { requests: 10_000_000, windowSeconds: 1 } });
      const headers = { authorization: `Bearer ${token}` };
      console.log(
        '# GET /api/playBooks through the local gateway (JWT check, handler, DynamoDB Local), 50 clients, 10 s',
      );
      const warm = await measureLatency(url, headers, 5, 1);
      if (warm.errors > 0) throw new Error(`warm-up had ${warm.errors} errors`);
      const r = await measureLatency(url, headers, 50, 10);
      console.log(
        `requests ${r.requests}, errors ${r.errors}, p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, ${r.requestsPerSecond.toFixed(0)} req/s\n`,
      );
    }
    if (loginJs) {
      const webUrl = stack.info.webUrl;
      if (!webUrl) throw new Error('The stack serves no web app');
      console.log('# Web (built app, gzip; Lighthouse 12 desktop preset, performance only, Debian Chromium)');
      const results = await measureLighthouse(webBenchTargets(webUrl, DEMO_PASSWORD));
      console.log(`${formatWebFigures(loginJs, results)}\n`);
      if (!webGoalsMet(results)) process.exitCode = 1;
    }
    if (sections.has('advertiser')) {
      const webUrl = stack.info.webUrl;
      if (!webUrl) throw new Error('The stack serves no web app');
      console.log(
        "# Acme's advertiser page (built app, Chromium 1280 x 800, signed in as demo): navigation to campaign metrics and creatives painted",
      );
      const figures = await measureAdvertiserPage(webUrl);
      console.log(`${formatAdvertiserFigures(figures)}\n`);
      if (figures.warmMedianMs > ADVERTISER_GOAL_MS) process.exitCode = 1;
    }
  } finally {
    await stack.stop();
  }
}

if (sections.has('billing')) {
  // On its own fresh stack: the bench adds 100 advertisers with cards.
  forgetStack();
  const stack = await spawnStack({ web: 'none' });
  try {
    process.env[STACK_INFO_ENV] = stack.infoFile;
    console.log('# Billing job (100 advertisers with a card and delivery, one run, payments simulator)');
    const b = await measureBilling({ advertisers: 100 });
    console.log(
      `charged ${b.summary.charged} advertisers (${b.prepared} prepared, the rest seeded) in ${b.seconds.toFixed(2)} s: ${b.chargedPerSecond.toFixed(1)} advertisers/s\n`,
    );
  } finally {
    await stack.stop();
  }
}

if (sections.has('invoices')) {
  console.log('# Invoice export (the Invoices page PDF code in Chromium)');
  console.log(formatInvoiceExport(await measureInvoiceExport({ count: 50 })));
  console.log(formatInvoiceExport(await measureInvoiceExport({ count: 50, script: 'unicode' })));
  console.log(`${formatInvoiceExport(await measureInvoiceExport({ count: 50, script: 'shaped' }))}\n`);
}

if (sections.has('reports')) {
  console.log('# Reports (a campaign of 200 line items and 120 days of synced delivery, one client, 10 s a call)');
  // Each measure starts its own fresh stack: forget the ones the sections above stopped.
  forgetStack();
  const reports = await measureReports({ clients: 1, seconds: 10 });
  console.log(`${formatReportsFigures(reports)}\n`);
}

if (sections.has('lists')) {
  console.log('# Invoices list (POST /api/mailSents) of an agency with 500 invoices, through the local gateway');
  console.log(`${formatListFigures(await measureInvoiceList({ invoices: 500, runs: 20 }))}\n`);
}

if (sections.has('sync')) {
  console.log(
    '# Report sync at scale (DynamoDB Local in memory, the bidder simulator seeded through its store, lambdas code in this process)',
  );
  console.log(`${formatSyncScaleFigures(await measureSyncScale())}\n`);
}

if (sections.has('create')) {
  console.log(
    '# Campaign creation (createCampaign over the local WebSocket API, 1,000 companies, bidder simulator at 50 ms a call and 20 at once)',
  );
  const companies = Number(process.env['BENCH_CREATE_COMPANIES'] ?? 1000);
  console.log(`${formatCreateFigures(await measureCreate({ companies }))}\n`);
}

if (sections.has('csv')) {
  console.log(
    '# CSV company match (getCSVKickfireMatches, then explainNoMatches of its misses, over the local WebSocket API, 10,000 lines)',
  );
  const [cold, ...warm] = await measureCsvMatch({ domains: 10_000 });
  if (cold) console.log(`first upload, empty look-up cache (the goal's case):\n${formatCsvMatchFigures(cold)}\n`);
  for (const figures of warm)
    console.log(`the same upload again, answered from the cache:\n${formatCsvMatchFigures(figures)}\n`);
  // The two phases must tell the user what one phase did: a difference fails the bench.
  if ([cold, ...warm].some((figures) => figures && !csvReasonsAgree(figures))) process.exitCode = 1;
}

if (sections.has('create25k')) {
  const companies = Number(process.env['BENCH_CREATE25K_COMPANIES'] ?? 25_000);
  if (process.env['BENCH_CREATE25K_SKIP_CREATE'] !== '1') {
    console.log(
      `# Campaign creation at scale (createCampaign over the local WebSocket API, ${companies} companies, bidder simulator at 50 ms a call and 20 at once; goal <= 600 s)`,
    );
    console.log(`${formatCreateFigures(await measureCreate({ companies }))}\n`);
  }
  const killAt = Number(process.env['BENCH_CREATE25K_KILL_AT'] ?? 0.3);
  console.log(
    `# The same creation killed part-way (SIGKILL at ${Math.round(killAt * 100)}% of the line items), the stack started again on its data`,
  );
  console.log(`${formatRecoveryFigures(await measureCreateRecovery({ companies, killAtFraction: killAt }))}\n`);
}

if (sections.has('load')) {
  const options = loadOptionsFromEnv(process.env);
  console.log(
    `# Load (issue 16): ${options.clients} HTTP clients for ${options.seconds} s, then ${options.sockets} WebSocket connections with campaign creations under way; a fresh local stack on 127.0.0.1`,
  );
  const figures = await measureLoad(options);
  console.log(`${formatLoadFigures(figures)}\n`);
  if (!loadGoalsMet(figures)) process.exitCode = 1;
}
