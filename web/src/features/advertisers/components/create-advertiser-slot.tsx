import type { TCreateAdvertiserSlotProps } from '@/lib/feature-slots';
import { useSession } from '@/lib/session/session-context';
import { CreateAdvertiserDialog } from './create-advertiser-dialog';

/**
 * The Create Advertiser dialog for other features' pages (the wizard's 'Create New', 001 §2), filling
 * the `createAdvertiserDialog` slot: the same dialog as the advertisers page, with the signed-in
 * user's agency.
 */
export function CreateAdvertiserSlot({ open, onOpenChange, onCreated }: TCreateAdvertiserSlotProps) {
  const session = useSession();
  return (
    <CreateAdvertiserDialog
      open={open}
      onOpenChange={onOpenChange}
      agencyId={session.agency?.agencyId ?? ''}
      userName={session.userName ?? ''}
      onCreated={onCreated}
    />
  );
}
