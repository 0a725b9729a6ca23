import { Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { TOAST_MS } from '@bidgrid/shared/constants';
import { ErrorState } from '@/components/data-states';
import { LoadingMore } from '@/components/loading-more';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session/session-context';
import { toaster } from '@/lib/toaster';
import { useAdvertisers } from '../api/advertiser-calls';
import { AdvertiserBreadcrumbs } from '../components/advertiser-breadcrumbs';
import { AdvertisersTable } from '../components/advertisers-table';
import { CreateAdvertiserDialog } from '../components/create-advertiser-dialog';
import { CARD_NEEDED_NOTICE } from '../advertiser-messages';
import { crmReturnHref, readCrmReturn } from '../crm-return';

/**
 * Advertisers list at /advertisers (spec 000 §2). It is also where the CRM sends users back after
 * authorizing: a `code` query is forwarded to the advertiser stored before leaving.
 */
export function Component() {
  const session = useSession();
  const agencyId = session.agency?.agencyId ?? '';
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const crmReturn = readCrmReturn(searchParams);
  const [creating, setCreating] = useState(false);
  const { data, loading, error, refetch, progress, retry } = useAdvertisers(
    agencyId && crmReturn === null ? agencyId : null,
  );

  const crmCode = crmReturn?.code ?? null;
  const crmState = crmReturn?.state ?? null;
  const crmError = crmReturn?.error ?? null;
  useEffect(() => {
    if (!crmCode && !crmError) return;
    // Replaced, so Back never comes to this address again (and never repeats the forwarding).
    const target = crmReturnHref({ code: crmCode, state: crmState, error: crmError });
    if (crmError || !target) {
      toaster.create({
        type: 'warning',
        title: 'The HubSpot account was not connected.',
        description: crmError ? undefined : 'Please start the connection again from the advertiser page.',
        duration: TOAST_MS.gate,
        closable: true,
      });
    }
    navigate(target ?? paths.advertisers.getHref(), { replace: true });
  }, [crmCode, crmState, crmError, navigate]);

  if (crmReturn) return <PageLoader label="Finishing the HubSpot connection…" />;

  const advertisers = data ?? [];
  const createButton = (
    <Button colorPalette="blue" onClick={() => setCreating(true)}>
      Create New Advertiser
    </Button>
  );

  return (
    <Stack gap="6">
      <AdvertiserBreadcrumbs />
      <Heading as="h1" size="2xl">
        Advertisers
      </Heading>
      {loading && !data ? (
        <Stack gap="2" aria-busy="true" role="status" aria-label="Loading advertisers">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} height="10" />
          ))}
        </Stack>
      ) : error && !data ? (
        <ErrorState
          title="The advertisers could not be loaded."
          message={error.message}
          onRetry={() => void refetch()}
        />
      ) : advertisers.length === 0 ? (
        <Stack gap="4" align="flex-start">
          <Text>Advertisers: Create, edit and view Advertiser accounts.</Text>
          {createButton}
        </Stack>
      ) : (
        <Stack gap="4">
          <Flex justify="space-between" align="center" gap="4" wrap="wrap">
            <Heading as="h2" size="md">
              Advertisers associated with your account
            </Heading>
            {createButton}
          </Flex>
          <AdvertisersTable advertisers={advertisers} />
          <LoadingMore progress={progress} failed={Boolean(error)} onRetry={retry} what="advertisers" />
        </Stack>
      )}
      <CreateAdvertiserDialog
        open={creating}
        onOpenChange={setCreating}
        agencyId={agencyId}
        userName={session.userName ?? ''}
        onCreated={() => {
          setCreating(false);
          toaster.create({ type: 'info', title: CARD_NEEDED_NOTICE, duration: TOAST_MS.short, closable: true });
        }}
      />
    </Stack>
  );
}
