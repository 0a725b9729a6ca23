import { describe, expect, it, vi } from 'vitest';
import { copyText, copyWithToast } from './clipboard';
import { toaster } from './toaster';

describe('copyText', () => {
  it('copies through the Clipboard API when the page may use it', async () => {
    // Prepare
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });

    // Act
    const copied = await copyText('<img />');

    // Assess
    expect(copied).toBe(true);
    expect(writeText).toHaveBeenCalledWith('<img />');
    vi.unstubAllGlobals();
  });
});

describe('copyWithToast', () => {
  it('says the copy failed when the clipboard refused it', async () => {
    // Prepare
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.execCommand = vi.fn(() => false);
    const create = vi.spyOn(toaster, 'create');

    // Act
    await copyWithToast('x', { copied: 'Copied.', failed: 'Not copied.' }, 5_000);

    // Assess
    expect(create).toHaveBeenCalledWith({ type: 'error', title: 'Not copied.', duration: 5_000, closable: true });
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
});
