import { describe, expect, it } from 'vitest';
import { addDays, billingPeriod } from './billing-period';
import { invoiceHtml, invoiceSubject } from './invoice-document';
import { splitCents } from './bill-advertiser.use-case';
import { statementDescriptor, statementDescriptorSuffix, STATEMENT_DESCRIPTOR_MAX } from './statement-descriptor';

describe('billingPeriod', () => {
  it('bills through yesterday (UTC), from the day after the last charged day', () => {
    // Act
    const first = billingPeriod(null, new Date('2026-11-25T03:00:00Z'));
    const next = billingPeriod('2026-11-20', new Date('2026-11-25T03:00:00Z'));

    // Assess
    expect(first).toEqual({ from: null, to: '2026-11-24' });
    expect(next).toEqual({ from: '2026-11-21', to: '2026-11-24' });
  });

  it('has nothing to bill when the advertiser is billed through yesterday', () => {
    expect(billingPeriod('2026-11-24', new Date('2026-11-25T23:59:59Z'))).toBeNull();
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('statementDescriptor', () => {
  it.each([
    ['Acme Corp', 'BIDGRID ACME CORP'],
    ['O\'Brien & <Sons> "Ltd" *\\', 'BIDGRID O BRIEN SONS'],
    ['Crème Brûlée Café', 'BIDGRID CREME BRULEE'],
    ['1234 5678', 'BIDGRID ADS'],
    ['!!!', 'BIDGRID ADS'],
  ])('%s -> %s', (name, expected) => {
    // Act
    const descriptor = statementDescriptor(name);

    // Assess
    expect(descriptor).toBe(expected);
    expect(descriptor.length).toBeLessThanOrEqual(STATEMENT_DESCRIPTOR_MAX);
    expect(descriptor).toMatch(/^[A-Z0-9 ]+$/);
  });

  it('keeps every suffix within the room the prefix leaves, whatever the name', () => {
    const long = 'International Business Machines Corporation of America';
    expect(statementDescriptorSuffix(long)).toBe('INTERNATIONAL');
    expect(statementDescriptor(long).length).toBeLessThanOrEqual(STATEMENT_DESCRIPTOR_MAX);
  });
});

describe('splitCents', () => {
  it('splits the charged cents over the lines so they add up exactly', () => {
    // Prepare: 3 lines of 1/3 cent fractions; total rounded from the sum.
    const micros = [3_333_333, 3_333_333, 3_333_334];

    // Act
    const cents = splitCents(micros, 1000);

    // Assess
    expect(cents.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(cents.every((c) => c === 333 || c === 334)).toBe(true);
  });
});

describe('invoice document', () => {
  it('escapes every value taken from data', () => {
    // Act
    const html = invoiceHtml({
      invoiceId: 'bginv-1',
      advertiserName: '<script>alert(1)</script>',
      bgAdvertiserId: 'bgAdvertiser-x',
      billingEmail: 'ap@x.example',
      periodFrom: null,
      periodTo: '2026-11-24',
      chargedAt: '2026-11-25T06:30:00.000Z',
      cardBrand: 'visa',
      cardLast4: '4242',
      statementDescriptor: 'BIDGRID ADS',
      lines: [{ campaignName: 'A & B "quoted"', bgCampaignId: 'bg-campaign-1', amountCents: 123456 }],
      totalCents: 123456,
      currency: 'USD',
    });

    // Assess
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('A &amp; B &quot;quoted&quot;');
    expect(html).toContain('$1,234.56');
    expect(invoiceSubject({ invoiceId: 'bginv-1', advertiserName: 'Acme' })).toBe('BidGrid invoice BGINV-1 for Acme');
  });
});
