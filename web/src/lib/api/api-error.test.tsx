import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toaster } from '../toaster';
import { apiErrorToastMs, clearApiError, getApiError, reportApiError, useUploadScreen } from './api-error';

function UploadScreen({ shown = true }: { shown?: boolean }) {
  useUploadScreen(shown);
  return null;
}

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

  it('shows it for 5 s while an upload screen is shown, and 5.5 s again once it is gone', () => {
    // Prepare
    const create = vi.spyOn(toaster, 'create').mockReturnValue('toast-3');
    const view = render(
      <>
        <UploadScreen />
        <UploadScreen shown={false} />
      </>,
    );

    // Act
    reportApiError('The upload URL could not be made.');
    view.unmount();
    reportApiError('Advertiser not found.');

    // Assess
    expect(create.mock.calls.map(([options]) => [options.title, options.duration])).toEqual([
      ['The upload URL could not be made.', 5_000],
      ['Advertiser not found.', 5_500],
    ]);
    expect(apiErrorToastMs()).toBe(5_500);
  });
});
