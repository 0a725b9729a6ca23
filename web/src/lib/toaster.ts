import { createToaster } from '@chakra-ui/react';

/** The app's one toast queue; `<AppToaster />` renders it. */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 5 });

/**
 * A second queue at the bottom centre: 001 §8 places the upload toasts ('Successfully Loaded Files',
 * 'Rest Files are Successfully Loaded') there; `<AppToaster />` renders both.
 */
export const centerToaster = createToaster({ placement: 'bottom', pauseOnPageIdle: true, max: 3 });
