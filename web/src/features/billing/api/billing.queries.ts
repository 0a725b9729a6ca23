import { gql, type TypedDocumentNode } from '@apollo/client';
import type { TBillingLog, TInvoice } from '@bidgrid/shared/entities/billing.schema';

/** 000 §7 POST /mailSents {username}: the invoices e-mailed for the caller's agency (the token decides). */
export const INVOICES_QUERY: TypedDocumentNode<{ invoices: TInvoice[] }, { username: string }> = gql`
  query Invoices($username: String!) {
    invoices(body: { username: $username }) @rest(operation: "listSentInvoices", type: "Invoice") {
      id
      sentAt
      recipientEmail
      source
      subject
      body
      bgAdvertiserId
      advertiserName
      chargeAmount
    }
  }
`;

/** The advertisers of the invoices filter (000 §7 GET /advertiser/agency/{agencyId}), names only. */
export const INVOICE_ADVERTISERS_QUERY: TypedDocumentNode<
  { advertisers: Array<{ bgAdvertiserId: string; name: string }> },
  { agencyId: string }
> = gql`
  query InvoiceAdvertisers($agencyId: String!) {
    advertisers(params: { agencyId: $agencyId }) @rest(operation: "listAdvertisersByAgency", type: "Advertiser") {
      bgAdvertiserId
      name
    }
  }
`;

/** 000 §7 POST /billingLogs/all {username}: every billing log of the caller's agency. */
export const ALL_BILLING_LOGS_QUERY: TypedDocumentNode<{ billingLogs: TBillingLog[] }, { username: string }> = gql`
  query AllBillingLogs($username: String!) {
    billingLogs(body: { username: $username }) @rest(operation: "listAllBillingLogs", type: "BillingLog") {
      id
      bgCampaignId
      date
      type
      invoice
      source
      amount
      description
      campaignName
      bgAdvertiserId
      advertiserName
      cardLast4
      statementDescriptor
    }
  }
`;
