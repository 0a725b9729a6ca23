import { listAdvertisersByAgency } from '@bidgrid/shared/api/operations/advertiser.operations';
import { listAllBillingLogs, listSentInvoices } from '@bidgrid/shared/api/operations/billing.operations';
import { skipToken, useOperationQuery } from '@/lib/api/use-operation-query';

// The billing reads (000 §7). The spec's list calls send `{username}`; the server answers for the caller of
// the token whatever it says.

/** 000 §7 POST /mailSents: the invoices e-mailed for the caller's agency. */
export const useInvoices = (userName: string | null) =>
  useOperationQuery(listSentInvoices, { body: { username: userName ?? '' } });

/** The advertisers of the invoices filter (000 §7 GET /advertiser/agency/{agencyId}); none while null. */
export const useInvoiceAdvertisers = (agencyId: string | null) =>
  useOperationQuery(listAdvertisersByAgency, agencyId ? { params: { agencyId } } : skipToken);

/** 000 §7 POST /billingLogs/all: every billing log of the caller's agency. */
export const useAllBillingLogs = (userName: string | null) =>
  useOperationQuery(listAllBillingLogs, { body: { username: userName ?? '' } });
