import { describe, expect, it } from 'vitest';
import { ZInvoiceFacts } from './billing.schema';
import { formatCents, invoiceDetails, invoiceHeadline, invoiceSubject, periodText } from './invoice-wording';

const facts = ZInvoiceFacts.parse({
  invoiceId: 'bginv-1a2b',
  advertiserName: 'Łódź Media',
  bgAdvertiserId: 'bgAdvertiser-lodz',
  billingEmail: 'ap@lodz.example',
  periodFrom: '2026-10-01',
  periodTo: '2026-10-31',
  chargedAt: '2026-11-01T06:30:00.000Z',
  cardBrand: 'visa',
  cardLast4: '4242',
  statementDescriptor: 'BIDGRID LODZ',
  lines: [{ campaignName: 'Wave 1', bgCampaignId: 'bg-campaign-1', amountCents: 123456 }],
  totalCents: 123456,
});

describe('invoice wording', () => {
  it('words the subject, the headline and the labelled details as both documents print them', () => {
    // Act
    const details = invoiceDetails(facts);

    // Assess
    expect(facts.currency).toBe('USD');
    expect(invoiceSubject(facts)).toBe('BidGrid invoice BGINV-1A2B for Łódź Media');
    expect(invoiceHeadline(facts)).toBe('Invoice BGINV-1A2B \u00b7 charged 2026-11-01T06:30:00.000Z');
    expect(details).toEqual([
      ['Advertiser', 'Łódź Media (bgAdvertiser-lodz)'],
      ['Billed to', 'ap@lodz.example'],
      ['Period', 'delivery from 2026-10-01 through 2026-10-31'],
      ['Paid with', 'Visa ending in 4242'],
      ['Statement descriptor', 'BIDGRID LODZ'],
    ]);
  });

  it('formats cents as dollars and a period with no start as "through"', () => {
    // Act
    const amount = formatCents(123456);
    const period = periodText({ periodFrom: null, periodTo: '2026-10-31' });

    // Assess
    expect(amount).toBe('$1,234.56');
    expect(period).toBe('delivery through 2026-10-31');
  });
});
