import { Box, Button, Flex, Grid, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TOAST_MS } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/data-states';
import { copyWithToast } from '@/lib/clipboard';
import { conversionPixelSnippet } from '@/lib/conversion-pixel';
import { InTurn } from '@/lib/in-turn';
import { useStillOnPage } from '@/lib/router/use-still-on-page';
import { toaster } from '@/lib/toaster';
import { useArchiveCampaign } from '../api/campaign-calls';
import { useCampaignsReport } from '../api/report-queries';
import {
  ALL_CAMPAIGNS_ARCHIVED,
  archivedMessage,
  archiveQuestion,
  DASHBOARD_TITLE,
  NO_CAMPAIGNS,
  PIXEL_COPIED,
  PIXEL_COPY_FAILED,
  VIEW_ALL_CAMPAIGNS,
} from '../campaign-messages';
import { CAMPAIGN_ID_PARAM, selectableCampaigns, shownCampaign } from '../shown-campaign';
import { initialFrame, type TFrameSelection } from '../time-frame';
import { AdGroupsPanel } from './ad-groups-panel';
import { AllCampaignsDialog } from './all-campaigns-dialog';
import { CampaignMetricsTable } from './campaign-metrics-table';
import { CampaignToolbar } from './campaign-toolbar';
// The chart's frame comes with the dashboard (its space is reserved at once, so nothing moves); its plots
// (recharts) load in their own chunk once the chart nears the screen.
import { DeliveryChart } from './delivery-chart';
import { EditCampaignDialog } from './edit-campaign-dialog';
import { LineItemsPanel } from './line-items-panel';
import { TargetingPanel } from './targeting-panel';
import { ActivityPanel } from './activity-panel';

/**
 * The width from which the delivery chart sits beside the line items: the line items at their default
 * columns (1,167 px, about 73rem, measured in Chromium) and the chart at a readable width (about 25rem),
 * with the gap between. Measured on the panel, not the window (a container query): the panel is narrower
 * than the window by the page's margins. The shell holds pages to 80rem today (its container), so the
 * chart comes below the line items on every screen until the page is allowed wider.
 */
export const CHART_BESIDE_LINE_ITEMS_MIN = '100rem';

/** The reports and panels of one campaign, below the toolbar. */
/**
 * Memoised: the dashboard re-renders for its own state (the URL's campaign, a dialog), and the page above it
 * for its own reads; neither should re-render every report of an unchanged campaign.
 */
const CampaignReports = memo(function CampaignReports({
  advertiser,
  campaign,
  frame,
}: {
  advertiser: TAdvertiser;
  campaign: TCampaign;
  frame: TFrameSelection;
}) {
  return (
    <Stack gap="8" css={{ containerType: 'inline-size', containerName: 'campaign-reports' }}>
      <CampaignMetricsTable campaign={campaign} />
      {/* Rendered at once, the panels below make one long task (about 170 ms): each comes in its own turn. */}
      <InTurn>
        {/* On a laptop the line items take the whole width and the chart comes below them. */}
        <Grid
          templateColumns="minmax(0, 1fr)"
          gap="6"
          alignItems="start"
          css={{
            [`@container campaign-reports (min-width: ${CHART_BESIDE_LINE_ITEMS_MIN})`]: {
              gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
            },
          }}
        >
          <LineItemsPanel campaign={campaign} frame={frame} />
          <DeliveryChart campaign={campaign} frame={frame} />
        </Grid>
      </InTurn>
      <InTurn>
        <TargetingPanel bgCampaignId={campaign.bgCampaignId} />
      </InTurn>
      <InTurn>
        <ActivityPanel bgCampaignId={campaign.bgCampaignId} />
      </InTurn>
      <InTurn>
        <AdGroupsPanel advertiser={advertiser} campaign={campaign} frame={frame} />
      </InTurn>
    </Stack>
  );
});

/** 'Copy Conversion Pixel' (000 §2): the campaign's pixel snippet to the clipboard, with its toast. */
async function copyPixel(campaign: TCampaign): Promise<void> {
  if (!campaign.conversion_tag_url) return;
  await copyWithToast(
    conversionPixelSnippet(campaign.conversion_tag_url, campaign.name),
    { copied: PIXEL_COPIED, failed: PIXEL_COPY_FAILED },
    TOAST_MS.default,
  );
}

function DashboardBody({ advertiser }: { advertiser: TAdvertiser }) {
  const [frame, setFrame] = useState<TFrameSelection>(() => initialFrame());
  const report = useCampaignsReport(advertiser.bgAdvertiserId, frame);
  const { mutate: archiveCall } = useArchiveCampaign();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<'all' | 'edit' | 'archive' | null>(null);
  const [archiving, setArchiving] = useState(false);

  const campaigns = report.data;
  const visible = useMemo(() => selectableCampaigns(campaigns ?? []), [campaigns]);
  const { requested, shown } = shownCampaign(visible, params.get(CAMPAIGN_ID_PARAM));

  const select = useCallback(
    (bgCampaignId: string, replace = false): void =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(CAMPAIGN_ID_PARAM, bgCampaignId);
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  // 000 §2: with no or an unknown campaignId the first campaign is chosen and the URL updated, but
  // only while the user is still here: campaigns that arrive after a click on 'Invoices' must not
  // rewrite or cancel that navigation.
  const fallbackId = !report.loading && !requested ? (visible[0]?.bgCampaignId ?? null) : null;
  const stillOnPage = useStillOnPage();
  useEffect(() => {
    if (fallbackId && stillOnPage()) select(fallbackId, true);
  }, [fallbackId, select, stillOnPage]);

  const onSelect = useCallback((bgCampaignId: string) => select(bgCampaignId), [select]);
  const onEdit = useCallback(() => setDialog('edit'), []);
  const onArchive = useCallback(() => setDialog('archive'), []);
  const onCopyPixel = useCallback(() => {
    if (shown) void copyPixel(shown);
  }, [shown]);

  const archive = async (campaign: TCampaign): Promise<void> => {
    setArchiving(true);
    try {
      // Resolves once the campaign lists are reloaded (the call's effects), so the next campaign is chosen.
      await archiveCall({ body: { bgCampaignId: campaign.bgCampaignId, updateBody: { archived: true } } });
      toaster.create({
        type: 'success',
        title: archivedMessage(campaign.name),
        duration: TOAST_MS.gate,
        closable: true,
      });
    } catch (error) {
      // 000 §8: an archive failure is only logged (the API client showed its toast).
      console.error('The campaign was not archived', error);
    } finally {
      setArchiving(false);
      setDialog(null);
    }
  };

  const allArchived = campaigns !== undefined && campaigns.length > 0 && visible.length === 0;

  return (
    <Stack as="section" aria-labelledby="campaigns-dashboard-heading" gap="6" aria-busy={report.loading}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" id="campaigns-dashboard-heading" size="xl">
          {DASHBOARD_TITLE}
        </Heading>
        {allArchived ? null : (
          <Button colorPalette="blue" variant="outline" size="sm" onClick={() => setDialog('all')}>
            {VIEW_ALL_CAMPAIGNS}
          </Button>
        )}
      </Flex>
      {report.loading && !campaigns ? (
        <Stack gap="3" role="status" aria-label="Loading the campaigns">
          <Skeleton height="10" width="md" />
          <Skeleton height="32" />
        </Stack>
      ) : allArchived ? (
        <Stack align="flex-start" gap="3" borderWidth="1px" borderStyle="dashed" rounded="l2" p="6">
          <Text fontWeight="medium">{ALL_CAMPAIGNS_ARCHIVED}</Text>
          <Button colorPalette="blue" size="sm" onClick={() => setDialog('all')}>
            {VIEW_ALL_CAMPAIGNS}
          </Button>
        </Stack>
      ) : !shown ? (
        <EmptyState>{NO_CAMPAIGNS}</EmptyState>
      ) : (
        <Box>
          <Stack gap="6">
            <CampaignToolbar
              campaign={shown}
              campaigns={visible}
              frame={frame}
              onFrameChange={setFrame}
              onSelect={onSelect}
              onEdit={onEdit}
              onCopyPixel={onCopyPixel}
              onArchive={onArchive}
            />
            <CampaignReports advertiser={advertiser} campaign={shown} frame={frame} />
          </Stack>
          {dialog === 'edit' ? <EditCampaignDialog campaign={shown} onClose={() => setDialog(null)} /> : null}
          <ConfirmDialog
            open={dialog === 'archive'}
            title={archiveQuestion(shown.name)}
            confirmLabel="Archive"
            cancelLabel="Cancel"
            confirmPalette="red"
            busy={archiving}
            onCancel={() => setDialog(null)}
            onConfirm={() => void archive(shown)}
          >
            Archived campaigns leave the dashboard; they can be unarchived in the all-campaigns view.
          </ConfirmDialog>
        </Box>
      )}
      {dialog === 'all' ? <AllCampaignsDialog advertiser={advertiser} onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}

/**
 * The campaigns dashboard of the advertiser page (000 §2): header 'Campaigns Dashboard' with 'View All
 * Campaigns', the selected campaign kept in `?campaignId=`, its toolbar, metrics, line items beside the
 * delivery chart, targeting selections and creative list; 'All campaigns are archived' when nothing is
 * left to show. Keyed by advertiser, so switching advertisers starts from a clean state.
 */
export const CampaignsDashboard = memo(function CampaignsDashboard({ advertiser }: { advertiser: TAdvertiser }) {
  return <DashboardBody key={advertiser.bgAdvertiserId} advertiser={advertiser} />;
});
