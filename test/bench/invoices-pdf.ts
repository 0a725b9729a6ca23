// The export runs in the browser through Playwright; the page code uses DOM types.
/// <reference lib="dom" />
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { chromium, type Download } from '@playwright/test';
import { build } from 'vite';
import { ZInvoice, ZInvoiceFacts, type TInvoice } from '@bidgrid/shared/billing/billing.schema';
import { invoiceHtml, invoiceSubject } from '@bidgrid/lambdas/domain/billing/invoice-document';
import { CHROMIUM_FLAGS } from '../support/chromium';
import { repoRoot } from '../support/spawn-stack';

/** The web app's invoice PDF module: the code the Invoices page's Export button loads. */
const PDF_MODULE = join(repoRoot, 'web/src/lib/invoice-pdf/index.ts');
const GLOBAL_NAME = 'BidGridInvoicePdf';
/** A page origin that never reaches the network: Playwright answers it from the build folder. */
const PAGE_URL = 'http://invoices-bench.localhost/';
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.woff': 'font/woff',
  '.html': 'text/html',
};

/**
 * Names of advertisers and campaigns: `latin` as most invoices (the standard PDF fonts draw them,
 * nothing is fetched), `unicode` the names the standard fonts cannot draw (embedded font subsets,
 * fetched from the web app's files on first use), `shaped` Arabic and Hindi names (shaped by fontkit,
 * Arabic right to left).
 */
export type InvoiceScript = 'latin' | 'unicode' | 'shaped';
const NAMES: Record<Exclude<InvoiceScript, 'latin'>, readonly string[]> = {
  unicode: ['Łódź Media', 'Ωmega Αθήνα', '株式会社テスト', 'ООО Москва Медиа', '서울 광고', 'Čeština Ďábel'],
  shaped: ['مرحبا للإعلان', 'शर्मा मीडिया', 'شركة النور', 'नमस्ते विज्ञापन'],
};
const SCRIPT_LABELS: Record<InvoiceScript, string> = {
  latin: 'Latin',
  unicode: 'Unicode (Polish, Greek, Japanese, Russian, Korean, Czech)',
  shaped: 'shaped (Arabic, Hindi)',
};

export interface InvoiceExportResult {
  readonly invoices: number;
  readonly script: InvoiceScript;
  readonly runs: number;
  /** Median wall time of a run: Export pressed until every PDF is saved to disk by the browser. */
  readonly medianMs: number;
  /**
   * Median time the page spends rendering the PDFs alone (no downloads): the CPU cost. The rest of
   * `medianMs` is the export's pacing, which keeps Chromium from dropping downloads (about ten a second).
   */
  readonly renderMs: number;
  readonly perInvoiceMs: number;
  readonly averageBytes: number;
}

/** Invoices as the billing job writes them: its HTML and its facts, 1 to 8 campaign lines each. */
function sampleInvoices(count: number, script: InvoiceScript): TInvoice[] {
  const names = script === 'latin' ? [] : NAMES[script];
  const name = (index: number): string =>
    script === 'latin' ? `Bench Advertiser ${index + 1}` : `${names[index % names.length]} ${index + 1}`;
  return Array.from({ length: count }, (_, index) => {
    const lines = Array.from({ length: 1 + (index % 8) }, (__, line) => ({
      campaignName:
        script === 'latin'
          ? `Campaign ${line + 1} - Enterprise Accounts Wave ${index + 1}`
          : `${names[(index + line) % names.length]} ${line + 1}`,
      bgCampaignId: `bg-campaign-bench-${index}-${line}`,
      amountCents: 10_000 + ((index * 7919 + line * 104_729) % 500_000),
    }));
    const facts = ZInvoiceFacts.parse({
      invoiceId: `in_bench${String(index).padStart(4, '0')}`,
      advertiserName: name(index),
      bgAdvertiserId: `bgAdvertiser-bench-${index}`,
      billingEmail: `ap-${index}@bench.example`,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
      chargedAt: '2026-11-01T06:30:00.000Z',
      cardBrand: 'visa',
      cardLast4: '4242',
      statementDescriptor: 'BIDGRID BENCH ADS',
      lines,
      totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
    });
    return ZInvoice.parse({
      id: facts.invoiceId,
      sentAt: facts.chargedAt,
      recipientEmail: facts.billingEmail,
      source: 'Stripe',
      subject: invoiceSubject(facts),
      body: invoiceHtml(facts),
      bgAdvertiserId: facts.bgAdvertiserId,
      advertiserName: facts.advertiserName,
      chargeAmount: facts.totalCents / 100,
      facts,
    });
  });
}

/**
 * The PDF module built by Vite with the web app's config into `outDir`, as the app ships it: its
 * lazily loaded chunks (the font lists) and the font files beside it.
 */
async function buildPdfModule(outDir: string): Promise<void> {
  await build({
    configFile: join(repoRoot, 'web/vite.config.ts'),
    root: join(repoRoot, 'web'),
    logLevel: 'silent',
    build: {
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      rolldownOptions: {
        input: { 'invoice-pdf': PDF_MODULE },
        // 'allow-extension': the web config's code-splitting groups refuse 'exports-only'.
        preserveEntrySignatures: 'allow-extension',
        output: { entryFileNames: 'assets/[name].js' },
      },
    },
  });
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Time to export `count` invoices (default 50) as PDFs, in Debian's Chromium: the web app's PDF module
 * runs in a page exactly as the Invoices page's Export does (one 'Invoice-{id}.pdf' download per
 * invoice), and a run ends when the browser has written every file. Each file is checked to be a PDF.
 * Needs no local stack: the invoices carry the billing job's own HTML and facts.
 */
export async function measureInvoiceExport(
  options: { count?: number; runs?: number; script?: InvoiceScript } = {},
): Promise<InvoiceExportResult> {
  const count = options.count ?? 50;
  const runs = options.runs ?? 3;
  const invoices = sampleInvoices(count, options.script ?? 'latin');
  const outDir = await mkdtemp(join(tmpdir(), 'bidgrid-invoice-pdf-'));
  await buildPdfModule(outDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const wallTimes: number[] = [];
    const renderTimes: number[] = [];
    let bytes = 0;
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ acceptDownloads: true });
      try {
        const page = await context.newPage();
        await page.route(`${PAGE_URL}**`, async (route) => {
          const path = new URL(route.request().url()).pathname;
          if (path === '/') {
            return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Invoice export</title>' });
          }
          const file = normalize(join(outDir, path));
          if (!file.startsWith(outDir)) return route.fulfill({ status: 404 });
          const body = await readFile(file).catch(() => null);
          if (!body) return route.fulfill({ status: 404 });
          return route.fulfill({ contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', body });
        });
        await page.goto(PAGE_URL);
        await page.addScriptTag({
          type: 'module',
          content: `import * as pdf from '/assets/invoice-pdf.js'; window.${GLOBAL_NAME} = pdf;`,
        });
        await page.waitForFunction((name) => name in window, GLOBAL_NAME);
        const downloads: Download[] = [];
        page.on('download', (download) => downloads.push(download));

        const started = performance.now();
        const renderMs = await page.evaluate(
          async ({ items, name }) => {
            const module = (
              window as unknown as Record<
                string,
                {
                  exportInvoicePdfs: (i: unknown[]) => Promise<void>;
                  renderInvoicePdf: (i: unknown) => Promise<Uint8Array>;
                }
              >
            )[name];
            if (!module) throw new Error('The invoice PDF module did not load');
            await module.exportInvoicePdfs(items);
            // The rendering alone, after the export so that it does not delay the downloads measured.
            const t0 = performance.now();
            for (const item of items) await module.renderInvoicePdf(item);
            return performance.now() - t0;
          },
          { items: invoices, name: GLOBAL_NAME },
        );
        const deadline = performance.now() + 60_000;
        while (downloads.length < count) {
          if (performance.now() > deadline) throw new Error(`only ${downloads.length} of ${count} downloads started`);
          await page.waitForEvent('download', { timeout: 10_000 }).catch(() => undefined);
        }
        const files = await Promise.all(downloads.map((download) => download.path()));
        wallTimes.push(performance.now() - started);
        renderTimes.push(renderMs);

        const names = new Set(downloads.map((download) => download.suggestedFilename()));
        for (const invoice of invoices) {
          // Named as `invoicePdfFileName` does: the invoice number as the screens show it, upper-cased.
          const name = `Invoice-${invoice.id.toUpperCase()}.pdf`;
          if (!names.has(name)) throw new Error(`${name} was not downloaded`);
        }
        for (const file of files) {
          const content = await readFile(file);
          if (content.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`${file} is not a PDF`);
          if (run === 0) bytes += content.length;
        }
      } finally {
        await context.close();
      }
    }
    const medianMs = median(wallTimes);
    return {
      invoices: count,
      script: options.script ?? 'latin',
      runs,
      medianMs,
      renderMs: median(renderTimes),
      perInvoiceMs: medianMs / count,
      averageBytes: bytes / count,
    };
  } finally {
    await browser.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

/** One line for the bench report. */
export function formatInvoiceExport(result: InvoiceExportResult): string {
  return [
    `${result.invoices} ${SCRIPT_LABELS[result.script]} invoices exported as PDFs in ${result.medianMs.toFixed(0)} ms, Export to the last file on disk`,
    `(median of ${result.runs}, ${result.perInvoiceMs.toFixed(1)} ms per invoice, paced at 8 downloads a second);`,
    `rendering alone ${result.renderMs.toFixed(0)} ms; ${(result.averageBytes / 1024).toFixed(1)} KB per file`,
  ].join(' ');
}

// `npx tsx test/bench/invoices-pdf.ts` measures on its own.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatInvoiceExport(await measureInvoiceExport()));
  console.log(formatInvoiceExport(await measureInvoiceExport({ script: 'unicode' })));
  console.log(formatInvoiceExport(await measureInvoiceExport({ script: 'shaped' })));
}
