import type { TInvoiceFacts } from '@bidgrid/shared/billing/billing.schema';
import {
  INVOICE_LABELS,
  advertiserText,
  formatCents,
  invoiceDetails,
  invoiceHeadline,
  invoiceNumberText,
  invoiceSubject,
  paymentText,
  periodText,
} from '@bidgrid/shared/billing/invoice-wording';

export type { TInvoiceFacts, TInvoiceLine, TInvoiceFactsInput } from '@bidgrid/shared/billing/billing.schema';
export { invoiceSubject };

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The invoice as a self-contained HTML document (inline styles, no external resources), so the mail
 * shows it as it is; the PDF export lays out the same facts in the same words. Every value from data
 * is escaped.
 */
export function invoiceHtml(facts: TInvoiceFacts): string {
  const rows = facts.lines
    .map(
      (line) =>
        `<tr><td style="padding:6px 8px;border-bottom:1px solid #ddd">${escapeHtml(line.campaignName)}</td>` +
        `<td style="padding:6px 8px;border-bottom:1px solid #ddd;color:#555">${escapeHtml(line.bgCampaignId)}</td>` +
        `<td style="padding:6px 8px;border-bottom:1px solid #ddd;text-align:right">${formatCents(line.amountCents)}</td></tr>`,
    )
    .join('');
  const details = invoiceDetails(facts)
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0">${label}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const head = (label: string, align: 'left' | 'right') =>
    `<th style="text-align:${align};padding:6px 8px;border-bottom:2px solid #1a202c">${label}</th>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(invoiceSubject(facts))}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;margin:24px">
<h1 style="font-size:20px;margin:0 0 4px">${INVOICE_LABELS.title}</h1>
<p style="margin:0 0 16px;color:#555">${escapeHtml(invoiceHeadline(facts))}</p>
<table style="border-collapse:collapse;margin-bottom:16px">
${details}
</table>
<table style="border-collapse:collapse;width:100%;max-width:640px">
<thead><tr>${head(INVOICE_LABELS.campaign, 'left')}${head(INVOICE_LABELS.campaignId, 'left')}${head(INVOICE_LABELS.amount, 'right')}</tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th colspan="2" style="text-align:right;padding:8px">${INVOICE_LABELS.total}</th><th style="text-align:right;padding:8px">${formatCents(facts.totalCents)}</th></tr></tfoot>
</table>
<p style="margin-top:24px;color:#555;font-size:12px">${INVOICE_LABELS.terms}</p>
</body></html>`;
}

/** The plain-text part of the invoice e-mail. */
export function invoiceText(facts: TInvoiceFacts): string {
  const lines = facts.lines.map(
    (line) => `- ${line.campaignName} (${line.bgCampaignId}): ${formatCents(line.amountCents)}`,
  );
  return [
    `${INVOICE_LABELS.title} ${invoiceNumberText(facts.invoiceId)}`,
    `${INVOICE_LABELS.advertiser}: ${advertiserText(facts)}`,
    `${INVOICE_LABELS.billedTo}: ${facts.billingEmail}`,
    `${INVOICE_LABELS.period}: ${periodText(facts)}`,
    `${INVOICE_LABELS.paidWith} ${paymentText(facts)} on ${facts.chargedAt}`,
    '',
    ...lines,
    '',
    `${INVOICE_LABELS.total}: ${formatCents(facts.totalCents)}`,
  ].join('\n');
}
