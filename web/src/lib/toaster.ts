import { createToaster } from '@chakra-ui/react';

/** The app's one toast queue; `<AppToaster />` renders it. */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 5 });
