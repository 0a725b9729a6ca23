import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toaster } from '@/lib/toaster';
import { captureDownloads, textOf } from '@/test/downloads';
import { system } from '@/theme/system';
import { Component as ZipCodesPage, ZIP_CODES_COPIED, ZIP_CODES_FILE } from './zip-codes';

function renderPage() {
  return render(
    <ChakraProvider value={system}>
      <ZipCodesPage />
    </ChakraProvider>,
  );
}

describe('/zip-codes page', () => {
  it('cleans an uploaded list and downloads it as a .csv, one code a line', async () => {
    // Prepare
    const user = userEvent.setup();
    const saved = captureDownloads();
    const { container } = renderPage();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();

    // Act
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['62701, 78701\r\n\r\n62701\r\n94105\r\n'], 'zips.csv', { type: 'text/csv' }));
    await screen.findByText('3 zip codes');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    // Assess
    expect(saved.map((file) => file.name)).toEqual([ZIP_CODES_FILE]);
    expect(await textOf(saved[0])).toBe('62701\r\n78701\r\n94105\r\n');
  });

  it('copies the cleaned list to the clipboard', async () => {
    // Prepare
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const toast = vi.spyOn(toaster, 'create');
    renderPage();

    // Act
    await user.type(screen.getByLabelText('Zip codes'), '10001, 10002, 10001');
    await user.click(screen.getByRole('button', { name: 'Add Codes' }));
    await user.click(screen.getByRole('button', { name: 'Copy List' }));

    // Assess
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('10001\n10002'));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: ZIP_CODES_COPIED }));
  });
});
