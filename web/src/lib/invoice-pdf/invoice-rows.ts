import type { TInvoiceFacts } from '@bidgrid/shared/billing/billing.schema';
import { INVOICE_LABELS, formatCents, invoiceDetails, invoiceHeadline } from '@bidgrid/shared/billing/invoice-wording';
import { bodyTextLines } from './body-text';

/** US Letter, in points, as the invoices have always been printed. */
export const PAGE = { width: 612, height: 792, margin: 54 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

/** One piece of text in a row: where it goes and how it looks. */
export interface Cell {
  readonly text: string;
  readonly x: number;
  readonly width: number;
  readonly bold?: boolean;
  readonly align?: 'left' | 'right';
  readonly muted?: boolean;
}

/** A row of the page: cells side by side, wrapped within their widths, then space and maybe a rule. */
export interface Row {
  readonly cells: readonly Cell[];
  readonly size: number;
  /** Space under the text, before the rule if any. */
  readonly padding: number;
  readonly rule?: { readonly width: number; readonly color: string };
  /** Drawn again at the top of every page the rows after it continue on (the table's head). */
  readonly repeats?: boolean;
  /** Rows after it are drawn under the repeated head only until the next row that repeats or ends it. */
  readonly endsTable?: boolean;
}

const left = PAGE.margin;
const COLUMNS = {
  campaign: { x: left, width: 240 },
  campaignId: { x: left + 246, width: 150 },
  amount: { x: left + 402, width: CONTENT_WIDTH - 402 },
} as const;
const LABEL_WIDTH = 130;

/** The invoice laid out from its facts, in the e-mail's words (`invoice-wording.ts`). */
export function invoiceRows(facts: TInvoiceFacts): Row[] {
  const full = { x: left, width: CONTENT_WIDTH };
  return [
    { cells: [{ ...full, text: INVOICE_LABELS.title, bold: true }], size: 18, padding: 4 },
    { cells: [{ ...full, text: invoiceHeadline(facts), muted: true }], size: 10, padding: 14 },
    ...invoiceDetails(facts).map(([label, value], index, all): Row => ({
      cells: [
        { x: left, width: LABEL_WIDTH - 8, text: label, bold: true },
        { x: left + LABEL_WIDTH, width: CONTENT_WIDTH - LABEL_WIDTH, text: value },
      ],
      size: 10,
      padding: index === all.length - 1 ? 18 : 3,
    })),
    {
      cells: [
        { ...COLUMNS.campaign, text: INVOICE_LABELS.campaign, bold: true },
        { ...COLUMNS.campaignId, text: INVOICE_LABELS.campaignId, bold: true },
        { ...COLUMNS.amount, text: INVOICE_LABELS.amount, bold: true, align: 'right' },
      ],
      size: 10,
      padding: 5,
      rule: { width: 1.5, color: '#1a202c' },
      repeats: true,
    },
    ...facts.lines.map((line): Row => ({
      cells: [
        { ...COLUMNS.campaign, text: line.campaignName },
        { ...COLUMNS.campaignId, text: line.bgCampaignId, muted: true },
        { ...COLUMNS.amount, text: formatCents(line.amountCents), align: 'right' },
      ],
      size: 10,
      padding: 5,
      rule: { width: 0.5, color: '#dddddd' },
    })),
    {
      cells: [
        { x: left, width: COLUMNS.amount.x - left - 6, text: INVOICE_LABELS.total, bold: true, align: 'right' },
        { ...COLUMNS.amount, text: formatCents(facts.totalCents), bold: true, align: 'right' },
      ],
      size: 10,
      padding: 24,
      endsTable: true,
    },
    { cells: [{ ...full, text: INVOICE_LABELS.terms, muted: true }], size: 8, padding: 0 },
  ];
}

/** An invoice stored before its facts were: the subject as the heading, then the body's lines of text. */
export function fallbackRows(subject: string, body: string): Row[] {
  const full = { x: left, width: CONTENT_WIDTH };
  return [
    { cells: [{ ...full, text: subject, bold: true }], size: 14, padding: 12 },
    ...bodyTextLines(body).map((text): Row => ({ cells: [{ ...full, text }], size: 10, padding: 4 })),
  ];
}
