import { Button, HStack, RadioGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CUSTOM_CAMPAIGN_TYPE_COMPANY_IPS, STORAGE_KEYS } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { selectAdvertiserGate } from '@bidgrid/shared/campaigns/step-gates';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/data-states';
import { LoadingMore } from '@/components/loading-more';
import { useFeatureSlots } from '@/lib/feature-slots';
import { useSession } from '@/lib/session/session-context';
import { toaster } from '@/lib/toaster';
import { advance, stay, type TWizardStepProps } from '@/lib/wizard-step';
import { useWizardAdvertisers } from '../api/wizard-calls';
import { showMissingCardToast } from '../components/missing-card-toast';
import { useWizard } from '../components/wizard-context';
import { isTemplateFlow } from '../wizard-flow';
import { WIZARD_MESSAGES as W } from '../wizard-messages';

/**
 * Select Advertiser (001 §2, §4): a radio list of the agency's advertisers and 'Create New' (the
 * Create Advertiser dialog of the advertisers feature, through its slot). Next needs an advertiser
 * ('Please, select advertiser.'); in the campaign flows it needs a saved card (otherwise the 20 s toast
 * linking to its page), while the template flows save no campaign and need none. In the managed flow an
 * advertiser without a CRM connection first confirms a campaign that needs a CSV company list (001 §4
 * "Managed route without a CRM connection"). Both checks read the advertiser as it is now, not the copy
 * the draft made when it was picked: the user may have added the card meanwhile and come back.
 */
export function SelectAdvertiserStep({ draft, changeAdvertiser, flow, setNextHandler, busy }: TWizardStepProps) {
  const session = useSession();
  const navigate = useNavigate();
  const { steps, readAdvertiserNow } = useWizard();
  const advertisers = useWizardAdvertisers(session.agency?.agencyId ?? null);
  const { createAdvertiserDialog: CreateAdvertiser } = useFeatureSlots();
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);
  // A change the user cancels leaves the browser's radio on the advertiser clicked: the group is drawn
  // again from the draft (its revision), and the kept advertiser's radio takes the focus back.
  const [revision, setRevision] = useState(0);
  // The missing-card message goes once the step is left or another advertiser is picked: it was about that one.
  const cardToast = useRef<string | null>(null);
  const dismissCardToast = (): void => {
    if (cardToast.current !== null) toaster.dismiss(cardToast.current);
    cardToast.current = null;
  };
  useEffect(() => dismissCardToast, []);
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (revision > 0) group.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [revision]);
  const selected = draft.selectedAdvertiser;
  const companyLayer = flow === 'managed' && steps.some((step) => step.name === 'target companies');

  useEffect(() => {
    setNextHandler(async () => {
      const gate = selectAdvertiserGate(selected?.bgAdvertiserId);
      if (gate !== null || !selected) return stay(gate ?? undefined);
      let now: TAdvertiser | null;
      try {
        now = await readAdvertiserNow();
      } catch {
        // The API client showed why the advertiser could not be read.
        return stay();
      }
      if (!now) return stay(selectAdvertiserGate(null) ?? undefined);
      if (!isTemplateFlow(flow) && !now.paymentMethod) {
        dismissCardToast();
        cardToast.current = showMissingCardToast(now.bgAdvertiserId, navigate);
        return stay();
      }
      if (!companyLayer || now.hubspot_authed) return advance;
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
  }, [selected, flow, companyLayer, readAdvertiserNow, navigate, setNextHandler]);

  // An answer still awaited when the step goes away counts as No.
  useEffect(() => () => answer.current?.(false), []);

  const choose = (advertiser: TAdvertiser): void => {
    dismissCardToast();
    void changeAdvertiser(advertiser).then((changed) => {
      if (!changed) setRevision((current) => current + 1);
    });
  };
  const list = advertisers.data ?? [];
  const sorted = [...list].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Stack gap="5">
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
          key={revision}
          ref={group}
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
