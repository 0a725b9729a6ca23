import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A yes/no question in an alert dialog (line-item status, archive). While `busy` the answer is on its
 * way: the dialog cannot be dismissed and the confirm button shows a spinner.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  busyLabel,
  busy = false,
  confirmPalette = 'blue',
  returnFocusTo,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button's text beside its spinner while busy ('Disconnecting'); none shows the spinner alone. */
  busyLabel?: string;
  busy?: boolean;
  confirmPalette?: 'blue' | 'red';
  /**
   * Where the focus goes once the dialog closes. By default it goes back to what had it when the dialog
   * opened (the button that asked); give this when that is gone by then, as a closed menu's item is.
   */
  returnFocusTo?: () => HTMLElement | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => !busy && !details.open && onCancel()}
      closeOnInteractOutside={!busy}
      closeOnEscape={!busy}
      finalFocusEl={returnFocusTo}
      placement="center"
      // Nothing of a closed question is on the page: a page holds several (the shell's sign-out, a card's
      // disconnect, the dashboard's archive), and each mounted its hidden dialog with every render.
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children ? (
              <Dialog.Body>{typeof children === 'string' ? <Text>{children}</Text> : children}</Dialog.Body>
            ) : null}
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button colorPalette={confirmPalette} loading={busy} loadingText={busyLabel} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
