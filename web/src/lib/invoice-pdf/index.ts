import { saveFile } from '../download-file';
import { htmlToBlocks, type Block } from './html-blocks';
import { blocksToPdf } from './pdf-document';

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

/** 'Invoice-{id}.pdf', with characters that file systems refuse replaced by '-'. */
export function invoicePdfFileName(id: string): string {
  const safe = Array.from(id, (char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '-' : char)).join('');
  return `Invoice-${safe}.pdf`;
}

/** The PDF bytes of one invoice: its HTML body laid out as text; the subject when the body shows nothing. */
export function renderInvoicePdf(invoice: InvoiceForPdf): Uint8Array<ArrayBuffer> {
  const blocks: Block[] = htmlToBlocks(invoice.body);
  const content: Block[] =
    blocks.length > 0
      ? blocks
      : [{ kind: 'text', style: 'h2', runs: [{ text: invoice.subject || invoice.id, bold: true }], indent: 0 }];
  return blocksToPdf(content, {
    title: invoice.subject || invoicePdfFileName(invoice.id),
    author: 'BidGrid',
    createdAt: new Date(invoice.sentAt),
  });
}

/**
 * Renders and downloads one PDF per invoice, in order. Between files it yields to the browser so the
 * page stays responsive and each download starts before the next file is built.
 */
export async function exportInvoicePdfs(
  invoices: readonly InvoiceForPdf[],
  save: (data: Blob, fileName: string) => void = saveFile,
): Promise<void> {
  for (const invoice of invoices) {
    const bytes = renderInvoicePdf(invoice);
    save(new Blob([bytes], { type: 'application/pdf' }), invoicePdfFileName(invoice.id));
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
}
