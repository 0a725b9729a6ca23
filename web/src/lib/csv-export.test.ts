import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvCell, exportCsv, neutralizeFormula, toCsv, type CsvColumn } from './csv-export';

interface Row {
  name: string;
  amount: number | null;
  note: string | null;
}

const columns: ReadonlyArray<CsvColumn<Row>> = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Amount', value: (row) => row.amount },
  { header: 'Note', value: (row) => row.note },
];

describe('csv export', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("writes a BOM, quoted strings, bare numbers, ';' between cells and CRLF after each line", () => {
    // Prepare
    const rows: Row[] = [
      { name: 'Acme; "Best" Co', amount: 12.5, note: null },
      { name: 'Émile', amount: null, note: 'line\nbreak' },
    ];

    // Act
    const text = toCsv(rows, columns);

    // Assess
    expect(text).toBe('\uFEFF"Name";"Amount";"Note"\r\n"Acme; ""Best"" Co";12.5;\r\n"Émile";;"line\nbreak"\r\n');
  });

  it('uses another delimiter when asked', () => {
    // Act
    const text = toCsv([{ name: 'a', amount: 1, note: 'b' }], columns, ',');

    // Assess
    expect(text).toBe('\uFEFF"Name","Amount","Note"\r\n"a",1,"b"\r\n');
  });

  it('neutralizes texts a spreadsheet would run as formulas, and only those', () => {
    // Act
    const cells = ['=SUM(A1)', '+1', '@cmd', '-x', '-', '-3.50', 'plain'].map(neutralizeFormula);

    // Assess
    expect(cells).toEqual(["'=SUM(A1)", "'+1", "'@cmd", "'-x", '-', '-3.50', 'plain']);
    expect(csvCell(true)).toBe('true');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it("downloads 'export.csv' as UTF-8 with the byte-order mark", async () => {
    // Prepare
    let saved: Blob | undefined;
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        saved = blob;
        return 'blob:test';
      },
      revokeObjectURL: () => undefined,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('export.csv');
    });

    // Act
    exportCsv([{ name: 'a', amount: 2, note: null }], columns);

    // Assess
    expect(click).toHaveBeenCalledTimes(1);
    const bytes = new Uint8Array(await (saved as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('"Name";"Amount";"Note"\r\n"a";2;\r\n');
  });
});
