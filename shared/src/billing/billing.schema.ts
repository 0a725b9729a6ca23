import * as z from '../zod';
import { zId } from '../ids';
import { ZIsoDateTime, ZUsd } from '../common/common.schema';

/**
 * Billing log (000 §3): one charge attempt or billing event. `invoice` is the provider's invoice
 * number (shown upper-cased, or '-' when null); `amount` is USD.
 */
export const ZBillingLog = z.object({
  /** Ours: a row key for tables and exports. */
  id: z.optional(z.string().check(z.minLength(1))),
  bgCampaignId: z.nullable(zId('campaign')),
  date: ZIsoDateTime,
  type: z.string().check(z.minLength(1)),
  invoice: z.nullable(z.string()),
  source: z.string().check(z.minLength(1)),
  amount: z.number(),
  description: z._default(z.string(), ''),
  campaignName: z._default(z.nullable(z.string()), null),
  bgAdvertiserId: zId('advertiser'),
  advertiserName: z._default(z.nullable(z.string()), null),
  cardLast4: z._default(z.nullable(z.string().check(z.regex(/^\d{4}$/))), null),
  statementDescriptor: z._default(z.nullable(z.string()), null),
});
export type TBillingLog = z.infer<typeof ZBillingLog>;

/** One line of an invoice: a campaign's delivered spend, in US cents. */
export const ZInvoiceLine = z.object({
  campaignName: z.string(),
  bgCampaignId: z.string().check(z.minLength(1)),
  amountCents: z.number().check(z.int(), z.gte(0)),
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

/**
 * What an invoice shows, as the billing job knew it when it charged: the e-mail's HTML and the exported
 * PDF are both laid out from these (see `invoice-wording.ts`). Amounts are US cents (000 §9: USD only).
 */
export const ZInvoiceFacts = z.object({
  invoiceId: z.string().check(z.minLength(1)),
  advertiserName: z.string(),
  bgAdvertiserId: zId('advertiser'),
  billingEmail: z.email(),
  /** First billed day, or null when everything delivered so far is billed. */
  periodFrom: z.nullable(z.string()),
  periodTo: z.string(),
  chargedAt: ZIsoDateTime,
  cardBrand: z.string(),
  cardLast4: z.string(),
  statementDescriptor: z.string(),
  lines: z.array(ZInvoiceLine),
  totalCents: z.number().check(z.int(), z.gte(0)),
  currency: z._default(z.literal('USD'), 'USD'),
});
export type TInvoiceFacts = z.infer<typeof ZInvoiceFacts>;
/** Facts as the billing job builds them (the currency may be left to its default). */
export type TInvoiceFactsInput = z.input<typeof ZInvoiceFacts>;

/**
 * Invoice (000 §3): a sent invoice e-mail; `body` is its HTML, `chargeAmount` USD. `advertiserName` is
 * null when unknown ('N/A'). `facts` are what the PDF export lays out; invoices stored before they were
 * kept lack them, and their PDF shows the subject and the body's text.
 */
export const ZInvoice = z.object({
  id: z.string().check(z.minLength(1)),
  sentAt: ZIsoDateTime,
  recipientEmail: z.email(),
  source: z.string().check(z.minLength(1)),
  subject: z.string(),
  body: z.string(),
  bgAdvertiserId: zId('advertiser'),
  advertiserName: z._default(z.nullable(z.string()), null),
  chargeAmount: ZUsd,
  facts: z.optional(ZInvoiceFacts),
});
export type TInvoice = z.infer<typeof ZInvoice>;

/**
 * An invoice as lists show it (issue 9 §6): everything but its HTML `body` (tens of kilobytes) and its
 * `facts`, only needed to export one (`GET /mailSents/{id}` answers the whole invoice).
 */
export const ZInvoiceSummary = z.omit(ZInvoice, { body: true, facts: true });
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

/** Segments log entry (000 §3): a company-matching result written when a domain was matched. */
export const ZSegmentsLogEntry = z.object({
  /** Ours: a row key for the grid. */
  id: z.optional(z.string().check(z.minLength(1))),
  subdomain: z.string().check(z.minLength(1)),
  originalDomains: z.array(z.string().check(z.minLength(1))),
  ipSegment: z.string().check(z.minLength(1)),
  date: ZIsoDateTime,
});
export type TSegmentsLogEntry = z.infer<typeof ZSegmentsLogEntry>;
