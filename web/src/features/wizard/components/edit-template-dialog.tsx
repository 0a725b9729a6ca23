import { Button, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TStepName } from '@bidgrid/shared/constants';
import type { TCampaignTemplate } from '@bidgrid/shared/templates/campaign-template.schema';
import { WIZARD_MESSAGES as W } from '../wizard-messages';
import { chosenLayers, TargetingLayerChoice } from './targeting-layers-page';

/**
 * 'Edit Template' (001 §2 Manage campaign templates page): a full-screen dialog with the step choice (the
 * seven targeting layers, the template's own chosen), Continue and Cancel. Continue hands the chosen
 * layers on; while `busy` (the template is being opened) the dialog stays and Continue spins.
 */
export function EditTemplateDialog({
  template,
  available,
  busy,
  onContinue,
  onCancel,
}: {
  template: TCampaignTemplate;
  available: (step: TStepName) => boolean;
  busy: boolean;
  onContinue: (layers: TStepName[]) => void;
  onCancel: () => void;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<TStepName>>(() => new Set(template.templateSteps));
  return (
    <Dialog.Root
      open
      size="full"
      onOpenChange={(details) => !busy && !details.open && onCancel()}
      closeOnEscape={!busy}
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{W.editTemplateTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5" maxW="3xl">
                <Text fontWeight="semibold">{template.templateName}</Text>
                <Text color="fg.muted">{W.layersNote}</Text>
                <TargetingLayerChoice chosen={chosen} onChange={setChosen} available={available} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="3">
                <Button variant="outline" onClick={onCancel} disabled={busy}>
                  Cancel
                </Button>
                <Button colorPalette="blue" loading={busy} onClick={() => onContinue(chosenLayers(chosen))}>
                  Continue
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
