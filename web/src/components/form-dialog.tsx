import { Button, chakra, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { FailureAlert } from './data-states';

/**
 * A form in a modal dialog, the frame every create/edit dialog shares: the title (also the form's
 * name), the fields in the body under the failure of the last submit, and Cancel, the submit button
 * and the close button. While `busy` the form is on its way: the dialog cannot be dismissed (no
 * Escape, no click outside, Cancel and the close button disabled) and the submit button shows a
 * spinner with `busyLabel`.
 */
export function FormDialog({
  open = true,
  title,
  busy,
  failure,
  submitLabel,
  busyLabel,
  submitDisabled = false,
  size = 'md',
  scrollInside = false,
  lazyMount = false,
  announceBusy = false,
  onClose,
  onSubmit,
  children,
}: {
  /** Whether the dialog shows; a dialog mounted only while open leaves it out. */
  open?: boolean;
  title: string;
  busy: boolean;
  /** Why the last submit failed, shown above the fields; none when it did not fail. */
  failure?: string | null;
  submitLabel: string;
  /** The submit button's text while busy ('Creating', 'Saving'). */
  busyLabel: string;
  /** The submit button can be disabled apart from `busy` (a read-only record, a card field not ready). */
  submitDisabled?: boolean;
  size?: 'md' | 'lg';
  /** For long forms: the body scrolls between the fixed header and footer. */
  scrollInside?: boolean;
  /** Mounts the content on first open and unmounts it on close (for content that loads on open). */
  lazyMount?: boolean;
  /** Sets `aria-busy` on the dialog while busy (for a long run with progress in the body). */
  announceBusy?: boolean;
  /** Told when the user closes the dialog (Cancel, close button, Escape, click outside), never while busy. */
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const close = (): void => {
    if (!busy) onClose();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && close()}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      placement="center"
      size={size}
      scrollBehavior={scrollInside ? 'inside' : 'outside'}
      lazyMount={lazyMount}
      unmountOnExit={lazyMount}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-busy={announceBusy ? busy : undefined}>
            {/* `display: contents` keeps header, scrolling body and footer in the dialog's own layout. */}
            <chakra.form display="contents" onSubmit={onSubmit} noValidate aria-label={title}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <FailureAlert failure={failure} />
                  {children}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close} disabled={busy}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  colorPalette="blue"
                  disabled={submitDisabled}
                  loading={busy}
                  loadingText={busyLabel}
                >
                  {submitLabel}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" disabled={busy} />
              </Dialog.CloseTrigger>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
