import { Box, Button, Code, DataList, Dialog, Heading, HStack, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { TOAST_MS } from '@bidgrid/shared/constants';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { formatCount, formatUsd } from '@bidgrid/shared/metrics/format';
import { FailureAlert } from '@/components/data-states';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { copyWithToast } from '@/lib/clipboard';
import { conversionPixelSnippet } from '@/lib/conversion-pixel';
import { useSession } from '@/lib/session/session-context';
import { stay, type TWizardStepProps } from '@/lib/wizard-step';
import { messageOf } from '@/lib/error-message';
import { useCreateCampaignCall } from '../api/create-campaign.realtime';
import {
  useApplyLandingPage,
  useCreateCampaignTemplate,
  useRecordCampaignEvent,
  useRefreshCampaignLists,
  useUpdateCampaignTemplate,
} from '../api/wizard-calls';
import { useWizard } from '../components/wizard-context';
import {
  creationPayload,
  DraftIncompleteError,
  summaryFigures,
  templatePayload,
  templateUpdatePayload,
} from '../creation-payload';
import { targetingSummary } from '../targeting-summary';
import { CAMPAIGN_TYPE_OF_FLOW, isTemplateFlow, optionalSteps } from '../wizard-flow';
import { WIZARD_MESSAGES as W } from '../wizard-messages';

/** What the success dialog shows: the campaign made, or the template created or updated. */
type TDone = { kind: 'campaign'; campaign: TCampaign } | { kind: 'template'; updated: boolean };

/**
 * Summary (001 §2, §4): the choices, what the campaign will cost per day and in all, and how many
 * accounts and line items it will create (ours, beyond the spec). The last button asks 'Create
 * Campaign?' (or 'Update/Create Campaign Template?'); Yes sends `createCampaign` over the realtime
 * channel with its progress (Next stays disabled meanwhile), once every creative's click URL is the
 * landing page shown here, then 'Campaign was created successfully!'
 * with the conversion pixel and Finish, which resets steps and draft and goes to '/'. The template flows
 * save the template instead: a new one ('Campaign Template Created Successfully!'), or the edited one
 * under the update rule ('Campaign Template Updated Successfully!').
 */
export function SummaryStep({ draft, flow, setNextHandler }: TWizardStepProps) {
  const session = useSession();
  const { steps, goToStep, finish } = useWizard();
  const { call: createCampaign, pending, progress } = useCreateCampaignCall();
  const { mutate: saveTemplate } = useCreateCampaignTemplate();
  const { mutate: updateTemplate } = useUpdateCampaignTemplate();
  const { mutate: recordEvent } = useRecordCampaignEvent();
  const { mutate: applyLandingPage } = useApplyLandingPage();
  const refreshCampaignLists = useRefreshCampaignLists();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<TDone | null>(null);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);
  const template = isTemplateFlow(flow);
  const figures = summaryFigures(draft);
  const details = draft.basicDetails;

  useEffect(() => {
    const context = { agencyId: session.agency?.agencyId ?? '', userName: session.userName ?? '' };
    setNextHandler(async () => {
      setFailure(null);
      setConfirming(true);
      const confirmed = await new Promise<boolean>((resolve) => {
        answer.current = resolve;
      });
      setConfirming(false);
      if (!confirmed) return stay();
      try {
        if (template) {
          const templateContext = { ...context, templateSteps: optionalSteps(steps) };
          if (flow === 'editTemplate') {
            // 001 §4 "Template update": the data of steps no longer chosen is cleared with the save.
            const { id, body } = templateUpdatePayload(draft, templateContext);
            await updateTemplate({ params: { id }, body });
            setDone({ kind: 'template', updated: true });
          } else {
            await saveTemplate({ body: templatePayload(draft, templateContext) });
            setDone({ kind: 'template', updated: false });
          }
          return stay();
        }
        const campaignType = CAMPAIGN_TYPE_OF_FLOW[flow] ?? 'custom';
        const payload = creationPayload(draft, { ...context, campaignType });
        // The draft's landing page is the one truth: it may have changed since the Ad Group step made the
        // creatives with the one of that moment, so every creative gets the one shown here first.
        if (draft.createdAdGroup) {
          await applyLandingPage({
            body: { adGroupId: draft.createdAdGroup.adGroupId, landingPage: draft.landingPage },
          });
        }
        const campaign = await createCampaign(payload);
        setDone({ kind: 'campaign', campaign });
        // The spec's client tells the server once the campaign exists; its failure is shown by the API client
        // and does not undo the campaign.
        const advertiser = draft.selectedAdvertiser;
        if (advertiser) {
          void recordEvent({
            body: {
              bgCampaignId: campaign.bgCampaignId,
              beeswaxAdvertiserId: advertiser.beeswaxAdvertiserId,
              campaignName: campaign.name,
            },
          }).catch(() => undefined);
        }
        void refreshCampaignLists();
        return stay();
      } catch (error) {
        if (error instanceof DraftIncompleteError) {
          goToStep(error.step);
          return stay(error.message);
        }
        setFailure(messageOf(error));
        return stay();
      }
    });
    return () => setNextHandler(null);
  }, [
    draft,
    flow,
    template,
    steps,
    session,
    createCampaign,
    saveTemplate,
    updateTemplate,
    recordEvent,
    applyLandingPage,
    refreshCampaignLists,
    goToStep,
    setNextHandler,
  ]);

  // An answer still awaited when the step goes away counts as No.
  useEffect(() => () => answer.current?.(false), []);

  const rows: Array<[string, string]> = [
    ...(template ? [['Template Name', draft.campaignTemplateName] as [string, string]] : []),
    ['Advertiser', draft.selectedAdvertiser?.name ?? '-'],
    ['Campaign Name', details.name || '-'],
    ['Media Type', details.mediaType === 'video' ? 'Video' : details.mediaType === 'display' ? 'Display' : '-'],
    ['Start Date', details.startDate ?? '-'],
    ['End Date', details.endDate ?? '-'],
    ['Daily Budget', formatUsd(details.dailyBudget)],
    ['Estimated Budget', formatUsd(details.estimatedBudget)],
    ['Max Bid', formatUsd(details.maxBid)],
    [
      'Sales Enabled Campaign',
      details.showInHubspot ? `Yes (max companies: ${details.maxCompanies || 'no limit'})` : 'No',
    ],
    ['Landing Page', draft.landingPage || '-'],
    [
      'Ad Group',
      draft.createdAdGroup
        ? `${draft.createdAdGroup.name} (${draft.createdAdGroup.creativeIds.length} ${draft.createdAdGroup.creativeIds.length === 1 ? 'creative' : 'creatives'})`
        : (draft.selectedAdGroupTemplate?.name ?? '-'),
    ],
    ...targetingSummary(
      draft,
      steps.map((step) => step.name),
    ),
  ];

  return (
    <Stack gap="6">
      <DataList.Root orientation="horizontal" size="sm">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-all">{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>

      {template ? null : (
        <Box as="section" aria-labelledby="summary-cost-heading" borderWidth="1px" borderRadius="md" p="4">
          <Heading as="h3" id="summary-cost-heading" size="md" mb="3">
            What this campaign will cost and create
          </Heading>
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel>Cost per day</DataList.ItemLabel>
              <DataList.ItemValue>{formatUsd(figures.costPerDay)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Cost in all</DataList.ItemLabel>
              <DataList.ItemValue>
                {`${formatUsd(figures.costInAll)} over ${figures.days} ${figures.days === 1 ? 'day' : 'days'}`}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Accounts</DataList.ItemLabel>
              <DataList.ItemValue>{formatCount(figures.accounts)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Line items</DataList.ItemLabel>
              <DataList.ItemValue>{formatCount(figures.lineItems)}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Box>
      )}

      {pending ? (
        <Stack gap="2" role="status" aria-live="polite">
          <Text>Creating the campaign…</Text>
          <Progress.Root
            value={progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : null}
            size="sm"
            colorPalette="blue"
            maxW="md"
          >
            <Progress.Track aria-label="Campaign creation progress">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" color="fg.muted">
            {progress ? `${progress.done} of ${progress.total} line items created` : 'Starting…'}
          </Text>
        </Stack>
      ) : null}

      <FailureAlert failure={failure} />

      <ConfirmDialog
        open={confirming}
        title={template ? W.templateQuestion : W.createCampaignQuestion}
        confirmLabel="Yes"
        cancelLabel="No"
        onConfirm={() => answer.current?.(true)}
        onCancel={() => answer.current?.(false)}
      />
      {done ? <SuccessDialog done={done} onFinish={finish} /> : null}
    </Stack>
  );
}

/** The success dialog: the conversion pixel of a new campaign, and Finish. */
function SuccessDialog({ done, onFinish }: { done: TDone; onFinish: () => void }) {
  const campaign = done.kind === 'campaign' ? done.campaign : null;
  const pixel =
    campaign && campaign.conversion_tag_url ? conversionPixelSnippet(campaign.conversion_tag_url, campaign.name) : null;
  const copy = async (): Promise<void> => {
    if (!pixel) return;
    await copyWithToast(
      pixel,
      {
        copied: 'Conversion pixel copied.',
        failed: 'The conversion pixel could not be copied: select it and copy it.',
      },
      TOAST_MS.default,
    );
  };
  return (
    <Dialog.Root
      open
      role="alertdialog"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      placement="center"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {campaign
                  ? W.campaignCreated
                  : done.kind === 'template' && done.updated
                    ? W.templateUpdated
                    : W.templateCreated}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {campaign ? (
                <Stack gap="3">
                  <Text>Put the conversion pixel on the page where a conversion happens (a thank-you page).</Text>
                  {pixel ? (
                    <Code
                      as="pre"
                      display="block"
                      whiteSpace="pre-wrap"
                      wordBreak="break-all"
                      p="3"
                      aria-label="Conversion pixel"
                    >
                      {pixel}
                    </Code>
                  ) : (
                    <Text color="fg.muted">The bidder has not given this campaign a conversion tag yet.</Text>
                  )}
                </Stack>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="3">
                {pixel ? (
                  <Button variant="outline" onClick={() => void copy()}>
                    Copy Conversion Pixel
                  </Button>
                ) : null}
                <Button colorPalette="blue" onClick={onFinish}>
                  Finish
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
