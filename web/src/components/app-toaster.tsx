import { Portal, Stack, Toast, Toaster, type CreateToasterReturn } from '@chakra-ui/react';
import { centerToaster, toaster } from '@/lib/toaster';

/** Renders one toast queue. Errors are announced assertively. */
function ToastQueue({ queue }: { queue: CreateToasterReturn }) {
  return (
    <Toaster toaster={queue} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        <Toast.Root width={{ md: 'sm' }} role={toast.type === 'error' ? 'alert' : 'status'}>
          <Toast.Indicator />
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
            {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
          </Stack>
          {toast.closable ? <Toast.CloseTrigger aria-label="Close notification" /> : null}
        </Toast.Root>
      )}
    </Toaster>
  );
}

/** Renders the app's toast queues: API errors and feature notices, and the upload notices at the bottom centre. */
export function AppToaster() {
  return (
    <Portal>
      <ToastQueue queue={toaster} />
      <ToastQueue queue={centerToaster} />
    </Portal>
  );
}
