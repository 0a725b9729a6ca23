import { Button, Field, Flex, Heading, HStack, IconButton, Input, Link, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { TEMPLATE_CREATIVE_DEFAULT_LANDING_PAGE, TOAST_MS, TRUNCATE } from '@bidgrid/shared/constants';
import type { TAdGroup } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { ZLandingPageForm } from '@bidgrid/shared/ad-groups/landing-page.schema';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { formatShortDate } from '@/lib/date-format';
import { messageOf } from '@/lib/error-message';
import { toaster } from '@/lib/toaster';
import { useAdGroups, useUpdateLandingPage } from '../api/ad-group-calls';
import { useCreativesReport } from '../api/report-queries';
import {
  AD_GROUPS_EMPTY,
  CHOOSE_FROM_TEMPLATES,
  CREATIVE_LIST_TITLE,
  detailReportErrorText,
  errorText,
  LANDING_PAGE_SAVED,
  UPLOAD_NEW_AD_GROUP,
} from '../campaign-messages';
import { NameCell } from '../campaign-columns';
import { CREATIVE_COLUMNS } from '../creative-columns';
import type { TCreativeContext } from '@/lib/creative-upload/creative-makers';
import { AD_GROUPS_LOADING } from '@/lib/creative-upload/upload-messages';
import type { TFrameSelection } from '../time-frame';
import { useReplacement } from './replacement-dialog';
import { TemplateAdGroupDialog } from './template-ad-group-dialog';
import { UploadAdGroupDialog } from './upload-ad-group-dialog';

/** Edits the landing page of every creative of an ad group (`PUT /creatives/updateLandingPage`). */
function LandingPageForm({ adGroup, current }: { adGroup: TAdGroup; current: string }) {
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { mutate: saveLandingPage } = useUpdateLandingPage();
  const inputId = useId();

  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const parsed = ZLandingPageForm.safeParse({ landingPage: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      // Resolves once the creative reports are reloaded (the call's effects).
      await saveLandingPage({ body: { adGroupId: adGroup.adGroupId, landingPage: parsed.data.landingPage } });
      toaster.create({ type: 'success', title: LANDING_PAGE_SAVED, duration: TOAST_MS.default, closable: true });
    } catch (failure) {
      // 000 §8: "Landing page save failure: toast 'There was an error: {message}'".
      toaster.create({ type: 'error', title: errorText(messageOf(failure)), duration: TOAST_MS.gate, closable: true });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label={`Landing page of ${adGroup.name}`}>
      <Field.Root invalid={Boolean(error)}>
        <Field.Label htmlFor={inputId}>Landing page</Field.Label>
        <HStack width="full" maxWidth="2xl">
          <Input
            id={inputId}
            type="url"
            size="sm"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <Button type="submit" size="sm" colorPalette="blue" loading={saving}>
            Save
          </Button>
        </HStack>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
    </form>
  );
}

/** An expanded ad group: its landing page (view or edit) and its creatives with their reports. */
function AdGroupDetails({ adGroup, frame, editing }: { adGroup: TAdGroup; frame: TFrameSelection; editing: boolean }) {
  const creatives = useCreativesReport(adGroup.adGroupId, frame);
  const list = creatives.data ?? [];
  const landingPage = list[0]?.click_url ?? '';
  return (
    <Stack gap="3" py="2">
      {editing ? (
        <LandingPageForm key={landingPage} adGroup={adGroup} current={landingPage} />
      ) : (
        <Text fontSize="sm">
          {'Landing page: '}
          {landingPage ? (
            <Link href={landingPage} target="_blank" rel="noreferrer" color="blue.700" wordBreak="break-all">
              {landingPage}
            </Link>
          ) : (
            'N/A'
          )}
        </Text>
      )}
      {creatives.loading && !creatives.data ? (
        <Text color="fg.muted">{AD_GROUPS_LOADING}</Text>
      ) : (
        <DataTable
          label={`Creatives of ${adGroup.name}`}
          columns={CREATIVE_COLUMNS}
          rows={list}
          getRowId={(creative) => creative.bgCreativeId}
          emptyText="There are no creatives in this ad group."
        />
      )}
    </Stack>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={open ? 'M6 9l6 6 6-6' : 'M9 6l6 6-6 6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * 'Campaign Creative List' (000 §2): the campaign's ad groups (Name 36 characters, Created By, Created
 * Date), each expanding to its landing page and creatives; a mode switch turns the landing pages into
 * editors; 'Upload New AdGroup' and the templates modal replace the ad group and its creatives.
 */
export function AdGroupsPanel({
  advertiser,
  campaign,
  frame,
}: {
  advertiser: TAdvertiser;
  campaign: TCampaign;
  frame: TFrameSelection;
}) {
  const { data, loading, error } = useAdGroups(campaign.bgCampaignId);
  const [editing, setEditing] = useState(false);
  // The first ad group starts expanded (a campaign usually has one); toggling flips a row from its default.
  const [toggled, setToggled] = useState<ReadonlySet<string>>(() => new Set());
  const [dialog, setDialog] = useState<'upload' | 'templates' | null>(null);
  useEffect(() => {
    if (error) console.error(detailReportErrorText(error.message));
  }, [error]);

  const adGroups = data ?? [];
  const firstId = adGroups[0]?.adGroupId ?? null;
  const isExpanded = (id: string): boolean => (id === firstId) !== toggled.has(id);
  const toggle = (id: string): void =>
    setToggled((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Array<DataTableColumn<TAdGroup>> = [
    {
      id: 'expand',
      header: 'Expand',
      headerHidden: true,
      controlWidth: '2.5rem',
      cell: (adGroup) => {
        const open = isExpanded(adGroup.adGroupId);
        return (
          <IconButton
            size="xs"
            variant="ghost"
            aria-expanded={open}
            aria-label={`${open ? 'Hide' : 'Show'} the creatives of ${adGroup.name}`}
            onClick={() => toggle(adGroup.adGroupId)}
          >
            <Chevron open={open} />
          </IconButton>
        );
      },
    },
    { id: 'name', header: 'Name', cell: (adGroup) => <NameCell name={adGroup.name} max={TRUNCATE.adGroup} /> },
    { id: 'createdBy', header: 'Created By', cell: (adGroup) => adGroup.createdBy },
    { id: 'createdAt', header: 'Created Date', cell: (adGroup) => formatShortDate(adGroup.createdAt) },
  ];

  // The current landing page is the default of the new creatives (one request: the details ask the same).
  const firstCreatives = useCreativesReport(firstId, frame);
  const context: TCreativeContext = {
    bgAdvertiserId: advertiser.bgAdvertiserId,
    beeswaxAdvertiserId: advertiser.beeswaxAdvertiserId,
    bgCampaignId: campaign.bgCampaignId,
    clickUrl: firstCreatives.data?.[0]?.click_url ?? '',
  };
  // The replacement reloads the ad groups and creatives itself; the new first ad group starts expanded.
  const replacement = useReplacement(
    adGroups.map((adGroup) => adGroup.adGroupId),
    () => setToggled(new Set()),
  );

  return (
    <Stack as="section" aria-labelledby="creative-list-heading" gap="3">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h3" id="creative-list-heading" size="md">
          {CREATIVE_LIST_TITLE}
        </Heading>
        <HStack gap="3" wrap="wrap">
          <Switch.Root
            size="sm"
            colorPalette="blue"
            checked={editing}
            onCheckedChange={(details) => setEditing(details.checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>Edit landing pages</Switch.Label>
          </Switch.Root>
          <Button
            size="sm"
            colorPalette="blue"
            disabled={campaign.isVideoCampaign}
            title={
              campaign.isVideoCampaign
                ? 'Uploads are for display campaigns; choose video creatives from templates.'
                : undefined
            }
            onClick={() => setDialog('upload')}
          >
            {UPLOAD_NEW_AD_GROUP}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDialog('templates')}>
            {CHOOSE_FROM_TEMPLATES}
          </Button>
        </HStack>
      </Flex>
      {loading && !data ? (
        <Text color="fg.muted" role="status">
          {AD_GROUPS_LOADING}
        </Text>
      ) : adGroups.length === 0 ? (
        <Text color="fg.muted">{AD_GROUPS_EMPTY}</Text>
      ) : (
        <DataTable
          label={CREATIVE_LIST_TITLE}
          columns={columns}
          rows={adGroups}
          getRowId={(adGroup) => adGroup.adGroupId}
          renderExpansion={(adGroup) =>
            isExpanded(adGroup.adGroupId) ? <AdGroupDetails adGroup={adGroup} frame={frame} editing={editing} /> : null
          }
        />
      )}
      {dialog === 'upload' ? (
        <UploadAdGroupDialog
          open
          context={context}
          busy={replacement.busy}
          step={replacement.step}
          onClose={() => setDialog(null)}
          onReplace={replacement.run}
        />
      ) : null}
      {dialog === 'templates' ? (
        <TemplateAdGroupDialog
          open
          advertiserName={advertiser.name}
          adGroupType={campaign.isVideoCampaign ? 'video' : 'image'}
          context={{ ...context, clickUrl: context.clickUrl || TEMPLATE_CREATIVE_DEFAULT_LANDING_PAGE }}
          busy={replacement.busy}
          step={replacement.step}
          onClose={() => setDialog(null)}
          onReplace={replacement.run}
        />
      ) : null}
    </Stack>
  );
}
