import { describe, expect, it } from 'vitest';
import { shownInvoiceNumber } from './invoice-number';

describe('shownInvoiceNumber', () => {
  it('upper-cases the stored id, as the billing logs show it', () => {
    expect(shownInvoiceNumber('bginv-1a2b3c4d5e6f7a8b')).toBe('BGINV-1A2B3C4D5E6F7A8B');
    expect(shownInvoiceNumber(' inv-1 ')).toBe('INV-1');
  });
});
