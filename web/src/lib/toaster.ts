import { createToaster } from '@chakra-ui/react';
import { TOAST_MS } from '@bidgrid/shared/constants';

/**
 * The app's one toast queue; `<AppToaster />` renders it. At the top centre, away from the controls that
 * sit at a page's or a dialog's sides: at the bottom end two stacked error toasts covered the wizard's
 * action bar (its Next button), and hovering them to reach it paused them, so they never left; at the top
 * end they covered the all-campaigns dialog's Export and Save.
 */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 5 });

/**
 * A second queue at the bottom centre: 001 §8 places the upload toasts ('Successfully Loaded Files',
 * 'Rest Files are Successfully Loaded') there; `<AppToaster />` renders both.
 */
export const centerToaster = createToaster({ placement: 'bottom', pauseOnPageIdle: true, max: 3 });

/** A step gate's message (001 §5 "Step gates", §9): an error toast for 5 s, closable. */
export function showGateToast(message: string): void {
  toaster.create({ type: 'error', title: message, duration: TOAST_MS.gate, closable: true });
}
