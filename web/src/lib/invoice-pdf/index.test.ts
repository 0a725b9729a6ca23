import { describe, expect, it, vi } from 'vitest';
import { exportInvoicePdfs, invoicePdfFileName, renderInvoicePdf } from './index';

const invoice = (id: string, body: string) => ({
  id,
  subject: `Invoice ${id}`,
  body,
  sentAt: '2024-03-04T05:06:07Z',
});

describe('invoice PDFs', () => {
  it("names files 'Invoice-{id}.pdf' with the id as shown, characters file systems refuse replaced", () => {
    // Act
    const names = [invoicePdfFileName('bginv-1a2b3c4d5e6f7a8b'), invoicePdfFileName('a/b:c')];

    // Assess
    expect(names).toEqual(['Invoice-BGINV-1A2B3C4D5E6F7A8B.pdf', 'Invoice-A-B-C.pdf']);
  });

  it('renders a PDF that shows its title, in the standard fonts when they draw every character', async () => {
    // Act
    const bytes = await renderInvoicePdf(invoice('1', '<p>Amount due</p>'));

    // Assess (the text itself is read back in invoice-pdf.node.test.ts)
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('/DisplayDocTitle true');
    expect(text).toContain('/BaseFont /Helvetica');
  });

  it('starts at most eight downloads in any second, so the browser drops none', async () => {
    // Prepare: a fake clock that only moves when the export waits
    let now = 0;
    const waits: number[] = [];
    const timer = {
      now: () => now,
      wait: async (ms: number) => {
        if (ms > 0) waits.push(ms);
        now += ms;
      },
    };
    const times: number[] = [];
    const many = Array.from({ length: 20 }, (_, index) => invoice(`n${index}`, '<p>x</p>'));

    // Act
    await exportInvoicePdfs(many, () => times.push(now), timer);

    // Assess
    expect(times).toHaveLength(20);
    for (let index = 8; index < times.length; index++) {
      expect((times[index] as number) - (times[index - 8] as number)).toBeGreaterThanOrEqual(1000);
    }
    expect(times.slice(0, 8)).toEqual(Array.from({ length: 8 }, () => 0));
    expect(waits).toEqual([1000, 1000]);
  });

  it('saves one PDF per invoice, in order', async () => {
    // Prepare
    const save = vi.fn<(data: Blob, fileName: string) => void>();

    // Act
    await exportInvoicePdfs([invoice('a', '<p>A</p>'), invoice('b', '<p>B</p>')], save);

    // Assess
    expect(save.mock.calls.map(([, name]) => name)).toEqual(['Invoice-A.pdf', 'Invoice-B.pdf']);
    const first = save.mock.calls[0]?.[0] as Blob;
    expect(first.type).toBe('application/pdf');
    expect(new TextDecoder().decode(new Uint8Array(await first.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });
});
