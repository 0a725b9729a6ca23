import * as z from '../zod';
import { zId } from '../ids';
import { ZIsoDateTime, ZUsd } from './common.schema';

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

/**
 * Invoice (000 §3): a sent invoice e-mail; `body` is its HTML (rendered to 'Invoice-{id}.pdf' on
 * export), `chargeAmount` USD. `advertiserName` is null when unknown ('N/A').
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
});
export type TInvoice = z.infer<typeof ZInvoice>;

/**
 * An invoice as lists show it (issue 9 §6): everything but its HTML `body`, which can be tens of kilobytes
 * and is only needed to export one (`GET /mailSents/{id}` answers the whole invoice).
 */
export const ZInvoiceSummary = z.omit(ZInvoice, { body: true });
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
