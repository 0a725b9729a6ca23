import * as z from 'zod';
import { zId } from '../ids';
import { ZIsoDateTime, ZUsd } from './common.schema';

/**
 * Billing log (000 §3): one charge attempt or billing event. `invoice` is the provider's invoice
 * number (shown upper-cased, or '-' when null); `amount` is USD.
 */
export const ZBillingLog = z.object({
  /** Ours: a row key for tables and exports. */
  id: z.string().min(1).optional(),
  bgCampaignId: zId('campaign').nullable(),
  date: ZIsoDateTime,
  type: z.string().min(1),
  invoice: z.string().nullable(),
  source: z.string().min(1),
  amount: z.number(),
  description: z.string().default(''),
  campaignName: z.string().nullable().default(null),
  bgAdvertiserId: zId('advertiser'),
  advertiserName: z.string().nullable().default(null),
  cardLast4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable()
    .default(null),
  statementDescriptor: z.string().nullable().default(null),
});
export type TBillingLog = z.infer<typeof ZBillingLog>;

/**
 * Invoice (000 §3): a sent invoice e-mail; `body` is its HTML (rendered to 'Invoice-{id}.pdf' on
 * export), `chargeAmount` USD. `advertiserName` is null when unknown ('N/A').
 */
export const ZInvoice = z.object({
  id: z.string().min(1),
  sentAt: ZIsoDateTime,
  recipientEmail: z.email(),
  source: z.string().min(1),
  subject: z.string(),
  body: z.string(),
  bgAdvertiserId: zId('advertiser'),
  advertiserName: z.string().nullable().default(null),
  chargeAmount: ZUsd,
});
export type TInvoice = z.infer<typeof ZInvoice>;

/**
 * An invoice as lists show it (issue 9 §6): everything but its HTML `body`, which can be tens of kilobytes
 * and is only needed to export one (`GET /mailSents/{id}` answers the whole invoice).
 */
export const ZInvoiceSummary = ZInvoice.omit({ body: true });
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

/** Segments log entry (000 §3): a company-matching result written when a domain was matched. */
export const ZSegmentsLogEntry = z.object({
  /** Ours: a row key for the grid. */
  id: z.string().min(1).optional(),
  subdomain: z.string().min(1),
  originalDomains: z.array(z.string().min(1)),
  ipSegment: z.string().min(1),
  date: ZIsoDateTime,
});
export type TSegmentsLogEntry = z.infer<typeof ZSegmentsLogEntry>;
