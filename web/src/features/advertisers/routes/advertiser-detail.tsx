import { Flex, Heading, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { memo, useCallback, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { TRUNCATE } from '@bidgrid/shared/constants';
import { isId } from '@bidgrid/shared/ids';
import { ErrorState } from '@/components/data-states';
import { paths } from '@/config/paths';
import { InTurn } from '@/lib/in-turn';
import { useSession } from '@/lib/session/session-context';
import { isTruncated, truncate } from '@/lib/truncate';
import { advertiserToRead } from '../advertiser-page-reads';
import { useAdvertiser, useAdvertisers } from '../api/advertiser-calls';
import { AdvertiserBreadcrumbs } from '../components/advertiser-breadcrumbs';
import { AdvertiserInfoTable } from '../components/advertiser-info-table';
import { AdvertiserSwitcher } from '../components/advertiser-switcher';
import { CampaignsDashboardSlot } from '../components/campaigns-dashboard-slot';
import { CrmConnectionCard } from '../components/crm-connection-card';
import { PaymentCardPanel } from '../components/payment-card-panel';
import { useCrmCodeExchange } from '../hooks/use-crm-code-exchange';

/** The CRM connection card and the payment card panel, side by side from tablets up. */
const AdvertiserPanels = memo(function AdvertiserPanels({
  advertiser,
  exchanging,
}: {
  advertiser: TAdvertiser;
  exchanging: boolean;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
      <CrmConnectionCard advertiser={advertiser} exchanging={exchanging} />
      <PaymentCardPanel advertiser={advertiser} />
    </SimpleGrid>
  );
});

/**
 * Advertiser page at /advertisers/:id (spec 000 §2): 'Account information', breadcrumbs, the name with
 * the advertiser switcher, the information table, the CRM connection card, the payment card panel, then
 * the campaigns dashboard (issue #6). A `code` in the URL is the CRM's return and is exchanged here.
 */
export function Component() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const agencyId = session.agency?.agencyId ?? '';
  const validId = isId('advertiser', id);
  const [searchParams] = useSearchParams();
  // Back from the CRM with a code, the advertiser is read once the code is exchanged (`advertiserToRead`).
  const returningFromCrm = searchParams.has('code');
  const { data, loading, error, refetch } = useAdvertiser(advertiserToRead(id, searchParams));
  const list = useAdvertisers(agencyId && !returningFromCrm ? agencyId : null);
  const exchanging = useCrmCodeExchange(id);
  const advertiser = data;
  // The same list and callback while unchanged: the switcher is memoised, and the page renders again for
  // each of its reads and for the address's query (the dashboard's campaign).
  const switchable = useMemo(() => list.data ?? (advertiser ? [advertiser] : []), [list.data, advertiser]);
  const onSwitch = useCallback(
    (next: string) => navigate(paths.advertiser.getHref(next), { replace: true }),
    [navigate],
  );

  return (
    <Stack gap="6">
      <AdvertiserBreadcrumbs advertiserName={advertiser?.name ?? (validId ? undefined : id)} />
      <Heading as="h1" size="2xl">
        Account information
      </Heading>
      {!validId ? (
        <ErrorState title="This advertiser does not exist." message={`There is no advertiser with the id ${id}.`} />
      ) : (loading || returningFromCrm) && !advertiser ? (
        <Stack gap="3" aria-busy="true" role="status" aria-label="Loading the advertiser">
          <Skeleton height="10" width="md" />
          <Skeleton height="48" />
        </Stack>
      ) : error && !advertiser ? (
        <ErrorState
          title="The advertiser could not be loaded."
          message={error.message}
          onRetry={() => void refetch()}
        />
      ) : advertiser ? (
        <>
          <Flex
            justify="space-between"
            align={{ base: 'stretch', md: 'center' }}
            gap="4"
            direction={{ base: 'column', md: 'row' }}
          >
            <Heading
              as="h2"
              size="xl"
              title={isTruncated(advertiser.name, TRUNCATE.advertiser) ? advertiser.name : undefined}
            >
              {truncate(advertiser.name, TRUNCATE.advertiser)}
            </Heading>
            <AdvertiserSwitcher advertisers={switchable} currentId={advertiser.bgAdvertiserId} onSwitch={onSwitch} />
          </Flex>
          <AdvertiserInfoTable advertiser={advertiser} />
          {/* Rendered with the table, the panels and the dashboard make one long task: each comes in its own
              turn, top to bottom, so nothing shown moves. */}
          <InTurn>
            <AdvertiserPanels advertiser={advertiser} exchanging={exchanging} />
          </InTurn>
          <InTurn>
            <CampaignsDashboardSlot advertiser={advertiser} />
          </InTurn>
        </>
      ) : null}
    </Stack>
  );
}
