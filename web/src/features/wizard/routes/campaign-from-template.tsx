import { Button, Heading, HStack, RadioCard, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session/session-context';
import { useCampaignTemplates, useWizardAdvertisers } from '../api/wizard-calls';
import { ChosenStepsWizard } from '../components/chosen-steps-wizard';
import { TemplateListStates } from '../components/template-list-states';
import { useDraftStore } from '../draft-store';
import { useOpenTemplate } from '../hooks/use-template-fetches';
import { WIZARD_MESSAGES as W } from '../wizard-messages';

/**
 * Create campaign from template at /campaigns/create/from-template (001 §2, §4): the user's templates
 * as radio-like cards (template name, campaign name); Get Started starts the wizard with the
 * template's steps and its data pre-filled (the ad group and role titles fetched for it, as an edit
 * does). Without templates: 'It's empty here' and Create Template.
 */
export function Component() {
  const navigate = useNavigate();
  const session = useSession();
  const store = useDraftStore();
  const templates = useCampaignTemplates(store.steps.length === 0 ? session.userName : null);
  const advertisers = useWizardAdvertisers(store.steps.length === 0 ? (session.agency?.agencyId ?? null) : null);
  const { opening, open } = useOpenTemplate(store, advertisers.data ?? []);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  if (store.steps.length > 0) {
    return <ChosenStepsWizard flow="fromTemplate" title="Create Campaign From Template" store={store} />;
  }

  const list = templates.data ?? [];
  const selected = list.find((template) => template.id === selectedId) ?? null;
  const start = async (): Promise<void> => {
    if (!selected || opening) return;
    await open(selected, { kind: 'fromTemplate' });
  };

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {W.fromTemplateHeading}
      </Heading>
      <TemplateListStates templates={templates}>
        {(shown) => (
          <RadioCard.Root
            value={selectedId}
            onValueChange={(details) => setSelectedId(details.value)}
            colorPalette="blue"
            aria-label="Campaign templates"
          >
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
              {shown.map((template) => (
                <RadioCard.Item key={template.id} value={template.id}>
                  <RadioCard.ItemHiddenInput />
                  <RadioCard.ItemControl>
                    <RadioCard.ItemContent>
                      <RadioCard.ItemText>{template.templateName}</RadioCard.ItemText>
                      <RadioCard.ItemDescription>{template.name}</RadioCard.ItemDescription>
                    </RadioCard.ItemContent>
                    <RadioCard.ItemIndicator />
                  </RadioCard.ItemControl>
                </RadioCard.Item>
              ))}
            </SimpleGrid>
          </RadioCard.Root>
        )}
      </TemplateListStates>
      <HStack gap="3">
        <Button variant="outline" onClick={() => navigate(paths.dashboard.getHref())}>
          Back
        </Button>
        {list.length > 0 ? (
          <Button
            colorPalette="blue"
            onClick={() => void start()}
            loading={opening}
            disabled={!selected || !advertisers.progress.done}
          >
            Get Started
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
