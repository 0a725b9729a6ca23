import { saveFile } from '../download-file';
import { shownInvoiceNumber } from '../invoice-number';
import type { FontSource } from './embedded-fonts';
import { needsEmbeddedFont, foldForStandardFonts } from './font-metrics';
import { htmlToBlocks, type Block } from './html-blocks';
import { blocksToPdf, textsToDraw } from './pdf-document';
import { STANDARD_TYPEFACE, type Typeface } from './typeface';

/**
 * Invoice PDFs (spec 000 §2 Invoices: "Export downloads one PDF per selected invoice, rendered from the
 * invoice's HTML body, named 'Invoice-{id}.pdf'"). Everything runs in the browser, offline; the module
 * is imported lazily by the export button so it never weighs on the first page load.
 */
export interface InvoiceForPdf {
  readonly id: string;
  readonly subject: string;
  readonly body: string;
  readonly sentAt: string;
}

/**
 * 'Invoice-{id}.pdf' with the id as the screens show it ('Invoice-BGINV-1A2B….pdf', `shownInvoiceNumber`),
 * characters that file systems refuse replaced by '-'.
 */
export function invoicePdfFileName(id: string): string {
  const safe = Array.from(shownInvoiceNumber(id), (char) =>
    char < ' ' || '\\/:*?"<>|'.includes(char) ? '-' : char,
  ).join('');
  return `Invoice-${safe}.pdf`;
}

/**
 * The typeface for `blocks`: the standard fonts alone when they draw every word (nothing is fetched,
 * and the font code is not even loaded), else with the embedded font files those words need.
 */
async function typefaceFor(blocks: readonly Block[], fonts?: FontSource): Promise<Typeface> {
  const texts = textsToDraw(blocks);
  if (!texts.some(({ text }) => needsEmbeddedFont(foldForStandardFonts(text)))) return STANDARD_TYPEFACE;
  const { loadTypeface } = await import('./embedded-fonts');
  return loadTypeface(texts, fonts);
}

/**
 * The PDF bytes of one invoice: its HTML body laid out as text; the subject when the body shows
 * nothing. Text beyond the standard fonts (Łódź, Ωmega, 株式会社) is drawn in embedded subsets of the
 * Noto fonts, fetched from `fonts` (the web app's own files by default).
 */
export async function renderInvoicePdf(invoice: InvoiceForPdf, fonts?: FontSource): Promise<Uint8Array<ArrayBuffer>> {
  const blocks: Block[] = htmlToBlocks(invoice.body);
  const content: Block[] =
    blocks.length > 0
      ? blocks
      : [
          {
            kind: 'text',
            style: 'h2',
            runs: [{ text: invoice.subject || shownInvoiceNumber(invoice.id), bold: true }],
            indent: 0,
          },
        ];
  return blocksToPdf(
    content,
    {
      title: invoice.subject || invoicePdfFileName(invoice.id),
      author: 'BidGrid',
      createdAt: new Date(invoice.sentAt),
    },
    await typefaceFor(content, fonts),
  );
}

/**
 * Chromium drops downloads a page starts beyond about ten a second (measured: 30 files at once gave
 * 10, spaced 110 ms apart all 30), silently. The export therefore starts at most this many files in
 * any one-second window and waits for the window to move on before the next.
 */
export const DOWNLOADS_PER_SECOND = 8;

/** How the export waits and tells time; tests pass a fake clock. */
export interface ExportTimer {
  now(): number;
  wait(ms: number): Promise<void>;
}

const realTimer: ExportTimer = {
  now: () => performance.now(),
  wait: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/**
 * Renders and downloads one PDF per invoice, in order, paced so the browser keeps every file (see
 * `DOWNLOADS_PER_SECOND`). Between files it yields to the browser so the page stays responsive.
 */
export async function exportInvoicePdfs(
  invoices: readonly InvoiceForPdf[],
  save: (data: Blob, fileName: string) => void = saveFile,
  timer: ExportTimer = realTimer,
  fonts?: FontSource,
): Promise<void> {
  const started: number[] = [];
  for (const invoice of invoices) {
    const bytes = await renderInvoicePdf(invoice, fonts);
    const windowStart = started[started.length - DOWNLOADS_PER_SECOND];
    if (windowStart !== undefined) {
      const waitMs = windowStart + 1000 - timer.now();
      if (waitMs > 0) await timer.wait(waitMs);
    }
    started.push(timer.now());
    save(new Blob([bytes], { type: 'application/pdf' }), invoicePdfFileName(invoice.id));
    await timer.wait(0);
  }
}
