import { Heading, Skeleton, Stack } from '@chakra-ui/react';
import { memo, Suspense } from 'react';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { useFeatureSlots } from '@/lib/feature-slots';

/** The dashboard's heading alone: while its code loads, or where the app provides no dashboard. */
function DashboardPlaceholder({ advertiser, loading }: { advertiser: TAdvertiser; loading: boolean }) {
  return (
    <Stack
      as="section"
      aria-labelledby="campaigns-dashboard-heading"
      gap="3"
      data-advertiser-id={advertiser.bgAdvertiserId}
      aria-busy={loading}
    >
      <Heading as="h2" id="campaigns-dashboard-heading" size="xl">
        Campaigns Dashboard
      </Heading>
      {loading ? <Skeleton height="32" /> : null}
    </Stack>
  );
}

/**
 * ---- Slot of issue #6 (Campaigns Dashboard, 000 §2) ----
 * The advertiser page renders the campaigns dashboard here, below the CRM and payment panels. The
 * dashboard lives in the campaigns feature; the app hands it over through the feature slots (features
 * do not import each other), and it is loaded on demand. Memoised: the page renders again for its reads and
 * the address's query, the advertiser unchanged.
 */
export const CampaignsDashboardSlot = memo(function CampaignsDashboardSlot({
  advertiser,
}: {
  advertiser: TAdvertiser;
}) {
  const { campaignsDashboard: Dashboard } = useFeatureSlots();
  if (!Dashboard) return <DashboardPlaceholder advertiser={advertiser} loading={false} />;
  return (
    <Suspense fallback={<DashboardPlaceholder advertiser={advertiser} loading />}>
      <Dashboard advertiser={advertiser} />
    </Suspense>
  );
});
