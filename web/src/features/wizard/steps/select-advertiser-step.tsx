import { Alert, Button, HStack, Link, RadioGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CUSTOM_CAMPAIGN_TYPE_COMPANY_IPS, STORAGE_KEYS, TOAST_MS } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/entities/advertiser.schema';
import type { TCampaignDraft } from '@bidgrid/shared/entities/campaign-draft.schema';
import { selectAdvertiserGate } from '@bidgrid/shared/validation/step-gates';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/data-states';
import { LoadingMore } from '@/components/loading-more';
import { paths } from '@/config/paths';
import { useFeatureSlot } from '@/lib/feature-slots';
import { useSession } from '@/lib/session/session-context';
import { advance, stay, type TWizardStepProps } from '@/lib/wizard-step';
import { useWizardAdvertisers } from '../api/wizard-calls';
import { useWizard } from '../components/wizard-context';
import { WIZARD_MESSAGES as W } from '../wizard-messages';

/**
 * The draft with another advertiser: what belonged to the previous one (its ad group and creatives,
 * its CRM pages) no longer applies.
 */
export function withAdvertiser(draft: TCampaignDraft, advertiser: TAdvertiser): TCampaignDraft {
  if (draft.selectedAdvertiser?.bgAdvertiserId === advertiser.bgAdvertiserId) {
    return { ...draft, selectedAdvertiser: advertiser };
  }
  const wasCrmPage = draft.foundHubspotPages.some((page) => draft.landingPage.startsWith(page.url));
  return {
    ...draft,
    selectedAdvertiser: advertiser,
    createdAdGroup: null,
    selectedAdGroupTemplate: null,
    foundHubspotPages: [],
    landingPage: wasCrmPage ? '' : draft.landingPage,
  };
}

/**
 * Select Advertiser (001 §2, §4): a radio list of the agency's advertisers and 'Create New' (the
 * Create Advertiser dialog of the advertisers feature, through its slot). Next needs an advertiser
 * ('Please, select advertiser.') with a saved card (otherwise the 20 s message linking to its page).
 * In the managed flow an advertiser without a CRM connection first confirms a campaign that needs a
 * CSV company list (001 §4 "Managed route without a CRM connection").
 */
export function SelectAdvertiserStep({ draft, updateDraft, flow, setNextHandler, busy }: TWizardStepProps) {
  const session = useSession();
  const { steps } = useWizard();
  const advertisers = useWizardAdvertisers(session.agency?.agencyId ?? null);
  const CreateAdvertiser = useFeatureSlot('createAdvertiserDialog');
  const [creating, setCreating] = useState(false);
  const [missingCardFor, setMissingCardFor] = useState<TAdvertiser | null>(null);
  const [confirming, setConfirming] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);
  const selected = draft.selectedAdvertiser;

  // The missing-card message stays 20 s (001 §9), like the spec's toast; it carries a link, so it is shown in place.
  useEffect(() => {
    if (!missingCardFor) return;
    const timer = window.setTimeout(() => setMissingCardFor(null), TOAST_MS.missingCard);
    return () => window.clearTimeout(timer);
  }, [missingCardFor]);

  const needsCsvConfirmation =
    flow === 'managed' && steps.some((step) => step.name === 'target companies') && selected?.hubspot_authed === false;

  useEffect(() => {
    setNextHandler(async () => {
      const gate = selectAdvertiserGate(selected?.bgAdvertiserId);
      if (gate !== null || !selected) return stay(gate ?? undefined);
      if (!selected.paymentMethod) {
        setMissingCardFor(selected);
        return stay();
      }
      if (!needsCsvConfirmation) return advance;
      setConfirming(true);
      const confirmed = await new Promise<boolean>((resolve) => {
        answer.current = resolve;
      });
      setConfirming(false);
      if (!confirmed) return stay();
      // 001 §2: the company layer of this campaign is a CSV of company domains.
      localStorage.setItem(STORAGE_KEYS.customCampaignType, CUSTOM_CAMPAIGN_TYPE_COMPANY_IPS);
      return advance;
    });
    return () => setNextHandler(null);
  }, [selected, needsCsvConfirmation, setNextHandler]);

  // An answer still awaited when the step goes away counts as No.
  useEffect(() => () => answer.current?.(false), []);

  const choose = (advertiser: TAdvertiser): void => {
    setMissingCardFor(null);
    updateDraft((current) => withAdvertiser(current, advertiser));
  };
  const list = advertisers.data ?? [];
  const sorted = [...list].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Stack gap="5">
      {missingCardFor ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>
            {W.missingCard.slice(0, W.missingCard.indexOf(W.missingCardLink))}
            <Link asChild color="blue.700" textDecoration="underline">
              <RouterLink to={paths.advertiser.getHref(missingCardFor.bgAdvertiserId)}>{W.missingCardLink}</RouterLink>
            </Link>
            {W.missingCard.slice(W.missingCard.indexOf(W.missingCardLink) + W.missingCardLink.length)}
          </Alert.Description>
        </Alert.Root>
      ) : null}

      {advertisers.loading && !advertisers.data ? (
        <Stack gap="2" aria-busy="true" role="status" aria-label="Loading advertisers">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height="8" />
          ))}
        </Stack>
      ) : advertisers.error && !advertisers.data ? (
        <ErrorState
          title="The advertisers could not be loaded."
          message={advertisers.error.message}
          onRetry={() => void advertisers.refetch()}
        />
      ) : sorted.length === 0 ? (
        <Text color="fg.muted">{W.noAdvertisers}</Text>
      ) : (
        <RadioGroup.Root
          value={selected?.bgAdvertiserId ?? null}
          onValueChange={(details) => {
            const advertiser = sorted.find((candidate) => candidate.bgAdvertiserId === details.value);
            if (advertiser) choose(advertiser);
          }}
          colorPalette="blue"
          disabled={busy}
          aria-label="Advertiser"
        >
          <Stack gap="3">
            {sorted.map((advertiser) => (
              <RadioGroup.Item key={advertiser.bgAdvertiserId} value={advertiser.bgAdvertiserId}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{advertiser.name}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      )}
      <LoadingMore
        progress={advertisers.progress}
        failed={Boolean(advertisers.error)}
        onRetry={advertisers.retry}
        what="advertisers"
      />

      <HStack>
        <Button variant="outline" onClick={() => setCreating(true)} disabled={busy || !CreateAdvertiser}>
          {W.createNew}
        </Button>
      </HStack>
      {CreateAdvertiser && creating ? (
        <Suspense fallback={null}>
          <CreateAdvertiser
            open={creating}
            onOpenChange={setCreating}
            onCreated={(advertiser) => {
              setCreating(false);
              choose(advertiser);
            }}
          />
        </Suspense>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title={W.noCrmTitle}
        confirmLabel={W.noCrmConfirm}
        cancelLabel="Cancel"
        onConfirm={() => answer.current?.(true)}
        onCancel={() => answer.current?.(false)}
      >
        {W.noCrmText}
      </ConfirmDialog>
    </Stack>
  );
}
