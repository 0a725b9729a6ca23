import { Button, Checkbox, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { TARGETING_LAYERS, type TStepName } from '@bidgrid/shared/constants';
import { toggleMember } from '@/lib/toggle-item';
import { WIZARD_MESSAGES as W } from '../wizard-messages';

/**
 * The seven targeting layers as checkboxes (001 §2: the Custom page, Create Campaign Template, the Edit
 * Template dialog's step choice). A layer whose step has no screen yet is shown disabled with a short
 * hint, so nobody starts a wizard it cannot finish.
 */
export function TargetingLayerChoice({
  chosen,
  onChange,
  available,
}: {
  chosen: ReadonlySet<TStepName>;
  onChange: (chosen: ReadonlySet<TStepName>) => void;
  available: (step: TStepName) => boolean;
}) {
  const toggle = (step: TStepName, checked: boolean): void => onChange(toggleMember(chosen, step, checked));
  return (
    <Stack as="fieldset" gap="3" border="0" p="0" m="0">
      <Text as="legend" srOnly>
        Targeting layers
      </Text>
      {TARGETING_LAYERS.map((layer) => {
        const enabled = available(layer.step);
        return (
          <Checkbox.Root
            key={layer.step}
            colorPalette="blue"
            checked={chosen.has(layer.step)}
            onCheckedChange={(details) => toggle(layer.step, details.checked === true)}
            disabled={!enabled}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {layer.label}
              {enabled ? null : (
                <Text as="span" color="fg.muted" fontSize="sm" ms="2">
                  ({W.layerUnavailable})
                </Text>
              )}
            </Checkbox.Label>
          </Checkbox.Root>
        );
      })}
    </Stack>
  );
}

/** The chosen layers in the order the choice lists them. */
export const chosenLayers = (chosen: ReadonlySet<TStepName>): TStepName[] =>
  TARGETING_LAYERS.map((layer) => layer.step).filter((step) => chosen.has(step));

/**
 * The page before the custom and the template wizards (001 §2): the seven targeting layers, Get
 * Started and Back.
 */
export function TargetingLayersPage({
  heading,
  available,
  onStart,
  onBack,
}: {
  heading: string;
  available: (step: TStepName) => boolean;
  onStart: (layers: TStepName[]) => void;
  onBack: () => void;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<TStepName>>(new Set());
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl" maxW="4xl">
        {heading}
      </Heading>
      <Text color="fg.muted" maxW="3xl">
        {W.layersNote}
      </Text>
      <TargetingLayerChoice chosen={chosen} onChange={setChosen} available={available} />
      <HStack gap="3">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button colorPalette="blue" onClick={() => onStart(chosenLayers(chosen))}>
          Get Started
        </Button>
      </HStack>
    </Stack>
  );
}
