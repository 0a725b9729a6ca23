import { Button, Heading, HStack, RadioCard, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { todayIso } from '@bidgrid/shared/validation/iso-date';
import { EmptyState, ErrorState } from '@/components/data-states';
import { LoadingMore } from '@/components/loading-more';
import { paths } from '@/config/paths';
import { resetCampaignFlow } from '@/lib/campaign-flow';
import { useSession } from '@/lib/session/session-context';
import { useAdGroupTemplate, useCampaignTemplates, useWizardAdvertisers } from '../api/wizard-calls';
import { ChosenStepsWizard } from '../components/chosen-steps-wizard';
import { useDraftStore } from '../draft-store';
import { draftFromTemplate } from '../template-seed';
import { WIZARD_MESSAGES as W } from '../wizard-messages';

/**
 * Create campaign from template at /campaigns/create/from-template (001 §2, §4): the user's templates
 * as radio-like cards (template name, campaign name); Get Started starts the wizard with the
 * template's steps and its data pre-filled. Without templates: 'It's empty here' and Create Template.
 */
export function Component() {
  const navigate = useNavigate();
  const session = useSession();
  const store = useDraftStore();
  const templates = useCampaignTemplates(store.steps.length === 0 ? session.userName : null);
  const advertisers = useWizardAdvertisers(store.steps.length === 0 ? (session.agency?.agencyId ?? null) : null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = templates.data ?? [];
  const selected = list.find((template) => template.id === selectedId) ?? null;
  // The template keeps its ad-group template's id; the draft gets the record (one gone since: none).
  const adGroupTemplate = useAdGroupTemplate(
    store.steps.length === 0 ? (selected?.selectedAdGroupTemplate ?? null) : null,
  );

  if (store.steps.length > 0) {
    return <ChosenStepsWizard flow="fromTemplate" title="Create Campaign From Template" store={store} />;
  }

  const start = (): void => {
    if (!selected) return;
    const savedAdGroup = adGroupTemplate.error ? null : (adGroupTemplate.data ?? null);
    const { draft, steps } = draftFromTemplate(selected, advertisers.data ?? [], todayIso(), savedAdGroup);
    store.replaceDraft(draft);
    store.setProgress(() => ({ active: null, done: [] }));
    store.setSteps(steps);
  };

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {W.fromTemplateHeading}
      </Heading>
      {templates.loading && !templates.data ? (
        <SimpleGrid
          columns={{ base: 1, md: 2, lg: 3 }}
          gap="4"
          aria-busy="true"
          role="status"
          aria-label="Loading templates"
        >
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height="20" />
          ))}
        </SimpleGrid>
      ) : templates.error && !templates.data ? (
        <ErrorState
          title="The templates could not be loaded."
          message={templates.error.message}
          onRetry={() => void templates.refetch()}
        />
      ) : list.length === 0 ? (
        <Stack gap="4" align="flex-start">
          <EmptyState>{W.emptyTemplates}</EmptyState>
          <Button
            colorPalette="blue"
            onClick={() => {
              resetCampaignFlow();
              navigate(paths.createCampaignTemplate.getHref());
            }}
          >
            Create Template
          </Button>
        </Stack>
      ) : (
        <RadioCard.Root
          value={selectedId}
          onValueChange={(details) => setSelectedId(details.value)}
          colorPalette="blue"
          aria-label="Campaign templates"
        >
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            {list.map((template) => (
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
      <LoadingMore
        progress={templates.progress}
        failed={Boolean(templates.error)}
        onRetry={templates.retry}
        what="templates"
      />
      <HStack gap="3">
        <Button variant="outline" onClick={() => navigate(paths.dashboard.getHref())}>
          Back
        </Button>
        {list.length > 0 ? (
          <Button
            colorPalette="blue"
            onClick={start}
            disabled={!selected || !advertisers.progress.done || adGroupTemplate.loading}
          >
            Get Started
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
