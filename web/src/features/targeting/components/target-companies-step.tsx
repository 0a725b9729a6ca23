import { Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import { targetCompaniesGate, type TCompanySource } from '@bidgrid/shared/campaigns/step-gates';
import { AdvertiserSelect } from '@/components/advertiser-select';
import { useSession } from '@/lib/session/session-context';
import { advance, stay, type TWizardStepProps } from '@/lib/wizard-step';
import { useTargetingAdvertisers } from '../api/hubspot-companies';
import { CompanySourceChoice } from './company-source-choice';
import { CsvCompanyUpload } from './csv-company-upload';
import { HubspotCompanySource } from './hubspot-company-source';

/** Matched companies the user keeps: each becomes a line item. */
const includedMatches = (info: TWizardStepProps['draft']['foundCompanyInfo']): number =>
  (info?.uniqueSegments ?? []).filter((row) => row.include && Boolean(row.domainInfo)).length;

/** The source a draft's companies came from (a reload keeps the choice), or the first one offered. */
export function draftCompanySource(draft: TCampaignDraft, crmConnected: boolean): TCompanySource {
  const info = draft.foundCompanyInfo;
  if (!crmConnected || info?.fromFile) return 'csv';
  if (info && draft.companySortValues.tier_values.length > 0) return 'hubspotTiers';
  return 'hubspotLists';
}

/**
 * The wizard's Target Companies step (001 §2), filling the `targetCompaniesStep` slot: the advertiser
 * choice (choosing one here makes it the draft's advertiser, through the wizard's change with its
 * dialog), the source choice (HubSpot Lists or HubSpot Tiers for a CRM-connected advertiser, or a CSV upload), the
 * companies matched with their include flags kept in the draft's `foundCompanyInfo` (with
 * `companySortValues` / `hubSpotLists` of what was picked), so a reload shows them again. Next needs
 * at least one included, matched company; the gate names what the chosen source still needs.
 */
export function TargetCompaniesStep({ draft, updateDraft, changeAdvertiser, setNextHandler, busy }: TWizardStepProps) {
  const info = draft.foundCompanyInfo;
  const advertiser = draft.selectedAdvertiser;
  const crmConnected = Boolean(advertiser?.hubspot_authed);
  const [source, setSource] = useState<TCompanySource>(() => draftCompanySource(draft, crmConnected));
  const session = useSession();
  const advertisers = useTargetingAdvertisers(session.agency?.agencyId ?? null);
  const choices = [...(advertisers.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  // The draft's advertiser is offered even when the list does not hold it (yet).
  const offered =
    advertiser && !choices.some((candidate) => candidate.bgAdvertiserId === advertiser.bgAdvertiserId)
      ? [advertiser, ...choices]
      : choices;

  // The advertiser as it is now may offer other sources (connected to HubSpot since, or another one
  // chosen): the choice starts again as it would for a draft opened with it.
  const [sourcesFor, setSourcesFor] = useState(crmConnected);
  if (sourcesFor !== crmConnected) {
    setSourcesFor(crmConnected);
    setSource(draftCompanySource(draft, crmConnected));
  }

  useEffect(() => {
    setNextHandler(async () => {
      const gate = targetCompaniesGate(source, includedMatches(info));
      return gate ? stay(gate) : advance;
    });
    return () => setNextHandler(null);
  }, [info, source, setNextHandler]);

  return (
    <Stack gap="5">
      <AdvertiserSelect
        advertisers={offered}
        value={advertiser?.bgAdvertiserId ?? null}
        onChange={(chosen) => {
          if (chosen) void changeAdvertiser(chosen);
        }}
        placeholder={advertiser ? null : 'Select Advertiser'}
        disabled={busy}
        width={{ base: 'full', sm: '80' }}
      />
      <CompanySourceChoice hubspotOffered={crmConnected} value={source} onChange={setSource} disabled={busy} />
      {source === 'csv' || !advertiser ? (
        <>
          <Text color="fg.muted" maxW="3xl">
            Upload a .csv file with one company domain per line. Each matched company you include gets its own line
            item.
          </Text>
          <CsvCompanyUpload
            initial={info?.fromFile ? info : null}
            disabled={busy}
            onChange={(found) =>
              updateDraft((current) => ({
                ...current,
                foundCompanyInfo: found,
                companySortValues: { tier_values: [] },
                hubSpotLists: [],
              }))
            }
          />
        </>
      ) : (
        <HubspotCompanySource
          key={source}
          advertiserId={advertiser.bgAdvertiserId}
          source={source}
          initial={draftCompanySource(draft, crmConnected) === source ? info : null}
          disabled={busy}
          onChange={(found, picks) =>
            updateDraft((current) => ({
              ...current,
              foundCompanyInfo: found,
              companySortValues: picks.companySortValues ?? { tier_values: [] },
              hubSpotLists: picks.hubSpotLists ?? [],
            }))
          }
        />
      )}
    </Stack>
  );
}
