import { Heading, Stack, Text } from '@chakra-ui/react';
import type { TAdvertiser } from '@bidgrid/shared/entities/advertiser.schema';

/**
 * ---- Slot of issue #6 (Campaigns Dashboard, 000 §2) ----
 * The advertiser page renders the campaigns dashboard here, below the CRM and payment panels, with
 * the advertiser it belongs to (and the 'All campaigns are archived' state). Issue #6 replaces the
 * body of this component; the page and its props stay as they are.
 */
export function CampaignsDashboardSlot({ advertiser }: { advertiser: TAdvertiser }) {
  return (
    <Stack
      as="section"
      aria-labelledby="campaigns-dashboard-heading"
      gap="2"
      data-advertiser-id={advertiser.bgAdvertiserId}
    >
      <Heading as="h2" id="campaigns-dashboard-heading" size="lg">
        Campaigns Dashboard
      </Heading>
      <Text color="fg.muted">The campaigns dashboard is coming in a later release of BidGrid.</Text>
    </Stack>
  );
}
