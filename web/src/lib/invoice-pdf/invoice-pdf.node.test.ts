/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ZInvoiceFacts } from '@bidgrid/shared/billing/billing.schema';
import { packageFontSource } from './font-source.fixtures';
import { renderInvoicePdf, type InvoiceForPdf } from './index';

const dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text Debian's pdftotext (poppler) reads back from `pdf`, laid out as on the page. */
function extractText(pdf: Uint8Array, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/** The fonts a PDF embeds, as `pdffonts` lists them (name, type, embedded, has ToUnicode). */
const listFonts = (pdf: Uint8Array, name: string): string => {
  const file = join(dir, `${name}-fonts.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdffonts', [file], { encoding: 'utf8' });
};

const invoiceOf = (advertiserName: string, campaignName = 'Spring Push'): InvoiceForPdf => {
  const facts = ZInvoiceFacts.parse({
    invoiceId: 'bginv-1a2b3c',
    advertiserName,
    bgAdvertiserId: 'bgAdvertiser-acme',
    billingEmail: 'ap@acme.example',
    periodFrom: '2026-10-01',
    periodTo: '2026-10-31',
    chargedAt: '2026-11-01T06:30:00.000Z',
    cardBrand: 'visa',
    cardLast4: '4242',
    statementDescriptor: 'BIDGRID ACME',
    lines: [{ campaignName, bgCampaignId: 'bg-campaign-1', amountCents: 123456 }],
    totalCents: 123456,
  });
  return {
    id: facts.invoiceId,
    subject: `BidGrid invoice BGINV-1A2B3C for ${advertiserName}`,
    body: '',
    sentAt: facts.chargedAt,
    facts,
  };
};

const fonts = packageFontSource();

describe('invoice PDFs read back (pdftotext)', () => {
  // Scripts that read left to right come back exactly as written.
  it.each([
    ['Polish', 'Łódź Media'],
    ['Greek', 'Ωmega Αθήνα'],
    ['Japanese', '株式会社テスト'],
    ['Russian', 'Алексей'],
    ['Korean', '한국 광고'],
    ['Hindi', 'नमस्ते'],
  ])('%s: the name reads back as written', async (_script, name) => {
    // Act
    const text = extractText(await renderInvoicePdf(invoiceOf(name), fonts), name);

    // Assess
    expect(text).toMatch(new RegExp(`Advertiser\\s+${name.replace(' ', '\\s+')}\\s+\\(bgAdvertiser-acme\\)`));
  });

  it('Arabic: every word reads back letter for letter in logical order', async () => {
    // Prepare: ب and ن share one joined skeleton in Noto Sans Arabic (dots are marks), which a glyph's
    // ToUnicode entry alone cannot tell apart; the words' ActualText can.
    const pdf = await renderInvoicePdf(invoiceOf('مرحبا بنك', 'حملة مرحبا 2'), fonts);

    // Act
    const text = extractText(pdf, 'arabic');

    // Assess: pdftotext turns the right-to-left run back to logical order ('مرحبا بنك', marked RLE..PDF,
    // the '(' after it drawn into the run), so the words compare letter for letter, in the order typed.
    const arabicWords = (line: RegExp) => text.match(line)?.[0].match(/[\u0600-\u06ff]+/g) ?? [];
    expect(arabicWords(/Advertiser.*/)).toEqual(['مرحبا', 'بنك']);
    expect(arabicWords(/.*bg-campaign-1.*/)).toEqual(['حملة', 'مرحبا']);
    expect(text).toMatch(/\b2\b.*bg-campaign-1/);
    expect(listFonts(pdf, 'arabic')).toMatch(/NotoSansArabic-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
  });

  it('Devanagari: conjuncts and vowel signs drawn before their consonant read back in logical order', async () => {
    // Prepare: स्त is one conjunct glyph; ि in कि is drawn left of क
    const pdf = await renderInvoicePdf(invoiceOf('नमस्ते किताब'), fonts);

    // Act
    const text = extractText(pdf, 'devanagari');

    // Assess
    expect(text).toMatch(/नमस्ते\s+किताब/);
    expect(listFonts(pdf, 'devanagari')).toMatch(/NotoSans-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
  });

  it('draws a Latin invoice in the standard fonts, with every fact and line, and embeds nothing', async () => {
    // Prepare
    const pdf = await renderInvoicePdf(invoiceOf('Acme Corp'), fonts);

    // Act
    const text = extractText(pdf, 'latin');

    // Assess
    for (const expected of [
      /BidGrid invoice/,
      /Invoice BGINV-1A2B3C · charged 2026-11-01T06:30:00\.000Z/,
      /Billed to\s+ap@acme\.example/,
      /Period\s+delivery from 2026-10-01 through 2026-10-31/,
      /Paid with\s+Visa ending in 4242/,
      /Statement descriptor\s+BIDGRID ACME/,
      /Total charged \(USD\)\s+\$1,234\.56/,
    ]) {
      expect(text).toMatch(expected);
    }
    expect(text).toMatch(/Spring Push\s+bg-campaign-1\s+\$1,234\.56/);
    expect(listFonts(pdf, 'latin')).not.toMatch(/CID TrueType/);
    writeFileSync(join(dir, 'info.pdf'), pdf);
    expect(execFileSync('pdfinfo', [join(dir, 'info.pdf')], { encoding: 'utf8' })).toMatch(
      /Title:\s+BidGrid invoice BGINV-1A2B3C for Acme Corp\n/,
    );
  });

  it('prints an invoice stored without facts as its subject and its body text', async () => {
    // Prepare
    const invoice: InvoiceForPdf = {
      id: 'bginv-old',
      subject: 'BidGrid invoice BGINV-OLD for Ωmega',
      body: '<html><head><title>x</title></head><body><p>Amount due &amp; paid</p><table><tr><td>Wave</td><td>$5.00</td></tr></table></body></html>',
      sentAt: '2024-03-04T05:06:07Z',
    };

    // Act
    const text = extractText(await renderInvoicePdf(invoice, fonts), 'fallback');

    // Assess
    expect(text).toContain('BidGrid invoice BGINV-OLD for Ωmega');
    expect(text).toContain('Amount due & paid');
    expect(text).toMatch(/Wave\s+\$5\.00/);
  });

  it('breaks a long invoice over pages, the table head on each', async () => {
    // Prepare
    const base = invoiceOf('Acme Corp');
    const lines = Array.from({ length: 80 }, (_, index) => ({
      campaignName: `Campaign ${index + 1}`,
      bgCampaignId: `bg-campaign-${index + 1}`,
      amountCents: 100,
    }));
    const facts = ZInvoiceFacts.parse({ ...base.facts, lines, totalCents: 8000 });

    // Act
    const text = extractText(await renderInvoicePdf({ ...base, facts }, fonts), 'long');

    // Assess
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages.slice(1)) expect(page).toMatch(/Campaign\s+Campaign Id\s+Amount/);
    expect(text).toContain('Campaign 80');
    expect(text).toContain('$80.00');
  });
});
