import { PRODUCT_NAME } from '@bidgrid/shared/constants';

/** One line of an invoice: a campaign's delivered spend. */
export interface TInvoiceLine {
  campaignName: string;
  bgCampaignId: string;
  amountCents: number;
}

/** What an invoice shows. */
export interface TInvoiceFacts {
  invoiceId: string;
  advertiserName: string;
  bgAdvertiserId: string;
  /** First billed day, or null when everything delivered so far is billed. */
  periodFrom: string | null;
  periodTo: string;
  chargedAt: string;
  cardBrand: string;
  cardLast4: string;
  statementDescriptor: string;
  lines: readonly TInvoiceLine[];
  totalCents: number;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** `$1,234.56` (000 §9: currency USD, '$' and 2 decimals). */
export const formatCents = (cents: number): string =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const brandName = (brand: string): string => (brand ? brand[0]?.toUpperCase() + brand.slice(1) : 'Card');

/** The invoice e-mail's subject. */
export function invoiceSubject(facts: Pick<TInvoiceFacts, 'invoiceId' | 'advertiserName'>): string {
  return `${PRODUCT_NAME} invoice ${facts.invoiceId.toUpperCase()} for ${facts.advertiserName}`;
}

function periodText(facts: TInvoiceFacts): string {
  return facts.periodFrom === null
    ? `delivery through ${facts.periodTo}`
    : `delivery from ${facts.periodFrom} through ${facts.periodTo}`;
}

/**
 * The invoice as a self-contained HTML document (inline styles, no external resources), so the mail
 * shows it and the Invoices page can render it to 'Invoice-{id}.pdf' as it is. Every value from
 * data is escaped.
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
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(invoiceSubject(facts))}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;margin:24px">
<h1 style="font-size:20px;margin:0 0 4px">${PRODUCT_NAME} invoice</h1>
<p style="margin:0 0 16px;color:#555">Invoice ${escapeHtml(facts.invoiceId.toUpperCase())} &middot; charged ${escapeHtml(facts.chargedAt)}</p>
<table style="border-collapse:collapse;margin-bottom:16px">
<tr><th style="text-align:left;padding:2px 12px 2px 0">Advertiser</th><td>${escapeHtml(facts.advertiserName)} (${escapeHtml(facts.bgAdvertiserId)})</td></tr>
<tr><th style="text-align:left;padding:2px 12px 2px 0">Period</th><td>${escapeHtml(periodText(facts))}</td></tr>
<tr><th style="text-align:left;padding:2px 12px 2px 0">Paid with</th><td>${escapeHtml(brandName(facts.cardBrand))} ending in ${escapeHtml(facts.cardLast4)}</td></tr>
<tr><th style="text-align:left;padding:2px 12px 2px 0">Statement descriptor</th><td>${escapeHtml(facts.statementDescriptor)}</td></tr>
</table>
<table style="border-collapse:collapse;width:100%;max-width:640px">
<thead><tr><th style="text-align:left;padding:6px 8px;border-bottom:2px solid #1a202c">Campaign</th><th style="text-align:left;padding:6px 8px;border-bottom:2px solid #1a202c">Campaign Id</th><th style="text-align:right;padding:6px 8px;border-bottom:2px solid #1a202c">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th colspan="2" style="text-align:right;padding:8px">Total charged (USD)</th><th style="text-align:right;padding:8px">${formatCents(facts.totalCents)}</th></tr></tfoot>
</table>
<p style="margin-top:24px;color:#555;font-size:12px">Invoices are accepted unless disputed within 15 days. Fees are in USD.</p>
</body></html>`;
}

/** The plain-text part of the invoice e-mail. */
export function invoiceText(facts: TInvoiceFacts): string {
  const lines = facts.lines.map(
    (line) => `- ${line.campaignName} (${line.bgCampaignId}): ${formatCents(line.amountCents)}`,
  );
  return [
    `${PRODUCT_NAME} invoice ${facts.invoiceId.toUpperCase()}`,
    `Advertiser: ${facts.advertiserName} (${facts.bgAdvertiserId})`,
    `Period: ${periodText(facts)}`,
    `Paid with ${brandName(facts.cardBrand)} ending in ${facts.cardLast4} on ${facts.chargedAt}`,
    '',
    ...lines,
    '',
    `Total charged (USD): ${formatCents(facts.totalCents)}`,
  ].join('\n');
}
