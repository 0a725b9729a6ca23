import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { STORAGE_KEYS } from '@bidgrid/shared/constants';
import { paths } from '@/config/paths';
import { CRM_PROMPT_TEXT, CRM_PROMPT_TITLE } from '../segment-messages';

/** True once the prompt was answered in this browser (001 §2: "dismissal is remembered locally"). */
const dismissed = (): boolean => localStorage.getItem(STORAGE_KEYS.crmRetargetingPromptDismissed) === 'true';
const remember = (): void => localStorage.setItem(STORAGE_KEYS.crmRetargetingPromptDismissed, 'true');

/**
 * The one-time prompt 'New Feature Available: CRM Re-targeting' (001 §2, 000 §4) of the CRM page and
 * step: it asks to reconnect the CRM account (contact lists need the new grant). 'Go to Advertisers'
 * opens /advertisers, 'Already updated' closes it; either answer is remembered in local storage, so it
 * shows on the first visit only (closing it otherwise, e.g. with Escape, asks again next time).
 */
export function CrmPrompt() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(() => !dismissed());
  const answer = (goToAdvertisers: boolean): void => {
    remember();
    setOpen(false);
    if (goToAdvertisers) void navigate(paths.advertisers.getHref());
  };
  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{CRM_PROMPT_TITLE}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{CRM_PROMPT_TEXT}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => answer(false)}>
                Already updated
              </Button>
              <Button colorPalette="blue" onClick={() => answer(true)}>
                Go to Advertisers
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
