import { Button, chakra, Flex, Heading, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import { memo, useId } from 'react';
import { TRUNCATE } from '@bidgrid/shared/constants';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { isTruncated, truncate } from '@/lib/truncate';
import {
  ARCHIVE_CAMPAIGN,
  CAMPAIGNS_SELECT_LABEL,
  COPY_CONVERSION_PIXEL,
  EDIT_CAMPAIGN_DETAILS,
  PIXEL_NOT_READY,
} from '../campaign-messages';
import type { TFrameSelection } from '../time-frame';
import { TimeFrameSelect } from './time-frame-select';

/**
 * The dashboard toolbar (000 §2): the campaign's name (40 characters), the time-frame selector, the
 * campaign selector labelled 'Campaigns' (archived campaigns are not offered), 'Edit Campaign Details',
 * 'Copy Conversion Pixel' and 'Archive Campaign' (disabled while the campaign is active: it must be
 * deactivated first, 000 §4). Memoised: the dashboard renders again for the address's campaign and its
 * dialogs, and the toolbar's props (the dashboard's callbacks) stay the same.
 */
export const CampaignToolbar = memo(function CampaignToolbar({
  campaign,
  campaigns,
  frame,
  onFrameChange,
  onSelect,
  onEdit,
  onCopyPixel,
  onArchive,
}: {
  campaign: TCampaign;
  campaigns: readonly TCampaign[];
  frame: TFrameSelection;
  onFrameChange: (next: TFrameSelection) => void;
  onSelect: (bgCampaignId: string) => void;
  onEdit: () => void;
  onCopyPixel: () => void;
  onArchive: () => void;
}) {
  const selectId = useId();
  return (
    <Stack gap="3">
      <Heading
        as="h3"
        size="lg"
        title={isTruncated(campaign.name, TRUNCATE.dashboardTitle) ? campaign.name : undefined}
      >
        {truncate(campaign.name, TRUNCATE.dashboardTitle)}
      </Heading>
      <Flex gap="4" align="flex-end" wrap="wrap" justify="space-between">
        <HStack gap="4" align="flex-end" wrap="wrap">
          <TimeFrameSelect value={frame} onChange={onFrameChange} />
          <Stack gap="1">
            <chakra.label htmlFor={selectId} fontSize="sm" fontWeight="medium">
              {CAMPAIGNS_SELECT_LABEL}
            </chakra.label>
            <NativeSelect.Root size="sm" width="64">
              <NativeSelect.Field
                id={selectId}
                value={campaign.bgCampaignId}
                onChange={(event) => onSelect(event.currentTarget.value)}
              >
                {campaigns.map((item) => (
                  <option key={item.bgCampaignId} value={item.bgCampaignId}>
                    {item.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
        </HStack>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" onClick={onEdit}>
            {EDIT_CAMPAIGN_DETAILS}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={!campaign.conversion_tag_url}
            title={campaign.conversion_tag_url ? undefined : PIXEL_NOT_READY}
            onClick={onCopyPixel}
          >
            {COPY_CONVERSION_PIXEL}
          </Button>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={campaign.active}
            title={campaign.active ? 'Deactivate the campaign before archiving it.' : undefined}
            onClick={onArchive}
          >
            {ARCHIVE_CAMPAIGN}
          </Button>
        </HStack>
      </Flex>
    </Stack>
  );
});
