import { Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TCompanySource } from '@bidgrid/shared/campaigns/step-gates';
import { AdvertiserSelect } from '@/components/advertiser-select';
import { useSession } from '@/lib/session/session-context';
import { useTargetingAdvertisers } from '../api/hubspot-companies';
import { CompanySourceChoice } from '../components/company-source-choice';
import { CsvCompanyUpload } from '../components/csv-company-upload';
import { HubspotCompanySource } from '../components/hubspot-company-source';

/**
 * Target Companies (001 §2): the company domains a campaign targets, outside a campaign. A CSV upload,
 * or, when the agency has a CRM-connected advertiser, that advertiser's HubSpot Lists or HubSpot Tiers;
 * each source matches the companies to their IP ranges and says why a company did not match.
 */
export function Component() {
  const session = useSession();
  const advertisers = useTargetingAdvertisers(session.agency?.agencyId ?? null);
  const connected = (advertisers.data ?? []).filter((advertiser) => advertiser.hubspot_authed);
  const [source, setSource] = useState<TCompanySource>('csv');
  const [advertiserId, setAdvertiserId] = useState<string | null>(null);
  const chosen = connected.find((advertiser) => advertiser.bgAdvertiserId === advertiserId) ?? connected[0] ?? null;

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Target Companies
      </Heading>
      <Text color="fg.muted" maxW="3xl">
        Upload a .csv file with one company domain per line, or take the companies of a CRM-connected advertiser's
        HubSpot lists or ideal-customer-profile tiers. Each company is matched to the IP ranges it owns; one that does
        not match says why, so you can fix it.
      </Text>
      <CompanySourceChoice hubspotOffered={connected.length > 0} value={source} onChange={setSource} />
      {source !== 'csv' && chosen ? (
        <Stack gap="5">
          <AdvertiserSelect
            advertisers={connected}
            value={chosen.bgAdvertiserId}
            onChange={(picked) => {
              if (picked) setAdvertiserId(picked.bgAdvertiserId);
            }}
            width={{ base: 'full', sm: '80' }}
          />
          <HubspotCompanySource
            key={`${chosen.bgAdvertiserId}:${source}`}
            advertiserId={chosen.bgAdvertiserId}
            source={source}
          />
        </Stack>
      ) : (
        <CsvCompanyUpload />
      )}
    </Stack>
  );
}
