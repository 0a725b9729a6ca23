import { Button, Checkbox, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { TARGETING_LAYERS, type TStepName } from '@bidgrid/shared/constants';
import { WIZARD_MESSAGES as W } from '../wizard-messages';

/**
 * The page before the custom and the template wizards (001 §2): the seven targeting layers as
 * checkboxes, Get Started and Back. A layer whose step has no screen yet (targeting layers of a later
 * release) is shown disabled with a short hint, so nobody starts a wizard it cannot finish.
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
  const toggle = (step: TStepName, checked: boolean): void => {
    const next = new Set(chosen);
    if (checked) next.add(step);
    else next.delete(step);
    setChosen(next);
  };
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl" maxW="4xl">
        {heading}
      </Heading>
      <Text color="fg.muted" maxW="3xl">
        {W.layersNote}
      </Text>
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
      <HStack gap="3">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button
          colorPalette="blue"
          onClick={() => onStart(TARGETING_LAYERS.map((l) => l.step).filter((s) => chosen.has(s)))}
        >
          Get Started
        </Button>
      </HStack>
    </Stack>
  );
}
