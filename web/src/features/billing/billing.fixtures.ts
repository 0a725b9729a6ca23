import { ZBillingLog, ZInvoice, type TBillingLog, type TInvoice } from '@bidgrid/shared/billing/billing.schema';

/** An invoice as the API sends it, checked against the contract. */
export function makeInvoice(overrides: Partial<TInvoice> = {}): TInvoice {
  return ZInvoice.parse({
    id: 'inv-1',
    sentAt: '2024-03-04T15:04:05.000Z',
    recipientEmail: 'billing@acme.example',
    source: 'stripe',
    subject: 'Your BidGrid invoice',
    body: '<h1>Invoice</h1><p>Amount due: $10.00</p>',
    bgAdvertiserId: 'bgAdvertiser-acme',
    advertiserName: 'Acme Outdoor',
    chargeAmount: 10,
    ...overrides,
  });
}

/** A billing log as the API sends it, checked against the contract. */
export function makeBillingLog(overrides: Partial<TBillingLog> = {}): TBillingLog {
  return ZBillingLog.parse({
    id: 'log-1',
    bgCampaignId: 'bg-campaign-spring',
    date: '2024-01-01T15:04:05.000Z',
    type: 'charge',
    invoice: 'in_abc123',
    source: 'stripe',
    amount: 1234.5,
    description: 'Delivered spend',
    campaignName: 'Spring Launch',
    bgAdvertiserId: 'bgAdvertiser-acme',
    advertiserName: 'Acme Outdoor',
    cardLast4: '4242',
    statementDescriptor: 'BIDGRID ADS',
    ...overrides,
  });
}
