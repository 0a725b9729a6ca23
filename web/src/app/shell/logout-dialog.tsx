import { useState } from 'react';
import { PRODUCT_NAME } from '@bidgrid/shared/constants';
import { ConfirmDialog } from '@/components/confirm-dialog';

/**
 * Spec 000 §2: Log out asks 'Log out from BidGrid?' (button LOG OUT). `onConfirm` signs out and resets
 * the app; the dialog stays open (and busy) until it is done. Cancelled, it gives the focus to
 * `returnFocusTo`: the menu's Log out entry that asked is gone with the closed menu.
 */
export function LogoutDialog({
  open,
  onOpenChange,
  onConfirm,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<void>;
  returnFocusTo?: () => HTMLElement | null;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async (): Promise<void> => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title={`Log out from ${PRODUCT_NAME}?`}
      confirmLabel="LOG OUT"
      cancelLabel="Cancel"
      confirmPalette="red"
      busy={busy}
      returnFocusTo={returnFocusTo}
      onCancel={() => onOpenChange(false)}
      onConfirm={() => void confirm()}
    />
  );
}
