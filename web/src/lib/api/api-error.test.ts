import { describe, expect, it, vi } from 'vitest';
import { toaster } from '../toaster';
import { clearApiError, getApiError, reportApiError } from './api-error';

describe('api error state', () => {
  it('stores the text and shows it as an error toast for 5.5 s', () => {
    // Prepare
    const create = vi.spyOn(toaster, 'create').mockReturnValue('toast-1');

    // Act
    reportApiError('Advertiser not found.');

    // Assess
    expect(getApiError()).toBe('Advertiser not found.');
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'error', title: 'Advertiser not found.', duration: 5_500 }),
    );
  });

  it('falls back to the generic text and can be cleared', () => {
    // Prepare
    vi.spyOn(toaster, 'create').mockReturnValue('toast-2');

    // Act
    const text = reportApiError('  ');

    // Assess
    expect(text).toBe('There was an error with this request.');
    clearApiError();
    expect(getApiError()).toBeNull();
  });
});
