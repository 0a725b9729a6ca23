import { useEffect, useSyncExternalStore } from 'react';
import { GENERIC_REQUEST_ERROR } from '@bidgrid/shared/api/envelope';
import { TOAST_MS } from '@bidgrid/shared/constants';
import { toaster } from '../toaster';

/**
 * The api error state of spec 000 §3 and the ONE place that shows the API-error toast (000 §8: a reply
 * with success false shows its error text, or the generic text, for 5.5 s; 5 s on upload screens). The
 * API client and the realtime channel call `reportApiError`; screens that want to show the last error
 * inline read `useApiError`; upload screens say so with `useUploadScreen`.
 */
let apiError: string | null = null;
const listeners = new Set<() => void>();
/** How many upload screens are shown (a dialog over a page counts while it is open). */
let uploadScreens = 0;

/** 000 §8: how long the API error toast stays: 5 s while an upload screen is shown, 5.5 s elsewhere. */
export const apiErrorToastMs = (): number => (uploadScreens > 0 ? TOAST_MS.upload : TOAST_MS.apiError);

/**
 * Marks the calling screen as an upload screen (000 §8) while it is mounted and `shown`: Ads Upload, the
 * wizard's Ad Group step, the 'Upload new AdGroup' dialog.
 */
export function useUploadScreen(shown = true): void {
  useEffect(() => {
    if (!shown) return undefined;
    uploadScreens += 1;
    return () => {
      uploadScreens -= 1;
    };
  }, [shown]);
}

const emit = (): void => listeners.forEach((listener) => listener());

/** Stores the error as the api error state and shows it as a toast. Blank text falls back to the generic one. */
export function reportApiError(message?: string | null): string {
  const text = message?.trim() ? message.trim() : GENERIC_REQUEST_ERROR;
  apiError = text;
  emit();
  toaster.create({ type: 'error', title: text, duration: apiErrorToastMs(), closable: true });
  return text;
}

/** Clears the api error state (app reset, sign-out). */
export function clearApiError(): void {
  apiError = null;
  emit();
}

/** The last api error text, or null. */
export function getApiError(): string | null {
  return apiError;
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** React hook over the api error state. */
export function useApiError(): string | null {
  return useSyncExternalStore(subscribe, getApiError, getApiError);
}
