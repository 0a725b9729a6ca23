import { within } from '@testing-library/react';

/** The text of every cell of every body row of `table` (the header row left out), row by row. */
export const bodyCellTexts = (table: HTMLElement): string[][] =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
