import type { TInvoice } from '@bidgrid/shared/billing/billing.schema';
import { saveFile } from '../download-file';
import { shownInvoiceNumber } from '../invoice-number';
import type { FontSource } from './font-faces';
import { fallbackRows, invoiceRows } from './invoice-rows';
import { rowsToPdf } from './pdf-writer';

/**
 * Invoice PDFs (spec 000 §2 Invoices: "Export downloads one PDF per selected invoice, named
 * 'Invoice-{id}.pdf'"), drawn by pdfkit from the invoice's facts in the e-mail's words. Everything runs
 * in the browser, offline; the module is imported lazily by the export button so it never weighs on
 * the first page load.
 */
export type InvoiceForPdf = Pick<TInvoice, 'id' | 'subject' | 'body' | 'sentAt' | 'facts'>;

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
 * The PDF bytes of one invoice, laid out from its facts; an invoice stored before facts were kept
 * shows its subject and its HTML body's text. Text beyond the standard fonts (Łódź, 株式会社, مرحبا)
 * is drawn in embedded subsets of the Noto fonts, fetched from `fonts` (the web app's own files by
 * default).
 */
export async function renderInvoicePdf(invoice: InvoiceForPdf, fonts?: FontSource): Promise<Uint8Array<ArrayBuffer>> {
  const title = invoice.subject || invoicePdfFileName(invoice.id);
  const rows = invoice.facts
    ? invoiceRows(invoice.facts)
    : fallbackRows(invoice.subject || shownInvoiceNumber(invoice.id), invoice.body);
  return rowsToPdf(rows, { title, createdAt: new Date(invoice.sentAt) }, fonts);
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
