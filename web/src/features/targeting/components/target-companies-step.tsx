import { Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { TCampaignDraft } from '@bidgrid/shared/entities/campaign-draft.schema';
import { targetCompaniesGate, type TCompanySource } from '@bidgrid/shared/validation/step-gates';
import { advance, stay, type TWizardStepProps } from '@/lib/wizard-step';
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
 * The wizard's Target Companies step (001 §2), filling the `targetCompaniesStep` slot: the source
 * choice (HubSpot Lists or HubSpot Tiers for a CRM-connected advertiser, or a CSV upload), the
 * companies matched with their include flags kept in the draft's `foundCompanyInfo` (with
 * `companySortValues` / `hubSpotLists` of what was picked), so a reload shows them again. Next needs
 * at least one included, matched company; the gate names what the chosen source still needs.
 */
export function TargetCompaniesStep({ draft, updateDraft, setNextHandler, busy }: TWizardStepProps) {
  const info = draft.foundCompanyInfo;
  const advertiser = draft.selectedAdvertiser;
  const crmConnected = Boolean(advertiser?.hubspot_authed);
  const [source, setSource] = useState<TCompanySource>(() => draftCompanySource(draft, crmConnected));

  useEffect(() => {
    setNextHandler(async () => {
      const gate = targetCompaniesGate(source, includedMatches(info));
      return gate ? stay(gate) : advance;
    });
    return () => setNextHandler(null);
  }, [info, source, setNextHandler]);

  return (
    <Stack gap="5">
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
