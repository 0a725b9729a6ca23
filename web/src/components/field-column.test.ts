import { describe, expect, it } from 'vitest';
import { fieldColumn } from './field-column';

interface Row {
  readonly name: string | null;
  readonly amount: number;
  readonly at: string;
}

describe('fieldColumn', () => {
  it('shows the field (or its text) and sorts by the field (or its sort value)', () => {
    // Prepare
    const row: Row = { name: null, amount: 12.5, at: '2026-12-01T10:00:00Z' };
    const name = fieldColumn('name', 'Name', (r: Row) => r.name, { text: (v) => v ?? '-' });
    const amount = fieldColumn('amount', 'Amount', (r: Row) => r.amount, { align: 'end' });
    const at = fieldColumn('at', 'At', (r: Row) => r.at, { sortBy: (v) => v.length });

    // Act
    const shown = [name, amount, at].map((c) => [c.cell(row), c.text(row), c.sortValue?.(row)]);

    // Assess
    expect(shown).toEqual([
      ['-', '-', null],
      ['12.5', '12.5', 12.5],
      ['2026-12-01T10:00:00Z', '2026-12-01T10:00:00Z', 20],
    ]);
    expect([name.align, amount.align]).toEqual([undefined, 'end']);
  });
});
