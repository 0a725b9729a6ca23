import { listAdvertisersByAgency } from '@bidgrid/shared/advertisers/advertiser.operations';
import { getSentInvoice, listAllBillingLogs, listSentInvoices } from '@bidgrid/shared/billing/billing.operations';
import { useOperationMutation } from '@/lib/api/use-operation-mutation';
import { useOperationPages } from '@/lib/api/use-operation-pages';
import { skipToken } from '@/lib/api/use-operation-query';

// The billing reads (000 §7). The spec's list calls send `{username}`; the server answers for the caller of
// the token whatever it says. The lists come a page at a time (issue 9 §6): the pages read the whole of
// them (the grids sort, filter and export all rows), showing the first page at once.

/** 000 §7 POST /mailSents: the invoices e-mailed for the caller's agency, without their HTML bodies. */
export const useInvoices = (userName: string | null) =>
  useOperationPages(listSentInvoices, { body: { username: userName ?? '' } });

/**
 * GET /mailSents/{id} (ours, issue 9 §6): one invoice with its HTML body, read when the user exports it (the
 * list carries no bodies), so a call rather than a cached read.
 */
export const useInvoiceDocument = () => useOperationMutation(getSentInvoice);

/** The advertisers of the invoices filter (000 §7 GET /advertiser/agency/{agencyId}); none while null. */
export const useInvoiceAdvertisers = (agencyId: string | null) =>
  useOperationPages(listAdvertisersByAgency, agencyId ? { params: { agencyId } } : skipToken);

/** 000 §7 POST /billingLogs/all: every billing log of the caller's agency. */
export const useAllBillingLogs = (userName: string | null) =>
  useOperationPages(listAllBillingLogs, { body: { username: userName ?? '' } });
