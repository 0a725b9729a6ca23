import { chakra, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useId, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { MEDIA_TYPES, type TMediaType } from '@bidgrid/shared/constants';
import type { TAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { AdvertiserSelect } from '@/components/advertiser-select';
import { PlainSelect } from '@/components/plain-select';
import { useUploadScreen } from '@/lib/api/api-error';
import type { TMeasure } from '@/lib/creative-upload/measure-files';
import { CREATE_TAB, SAVED_TAB } from '../ad-group-messages';
import { pipelineEventText, type TFileStatus } from '../hooks/use-ad-group-pipeline';
import type { TPipelineEvent } from '../ad-group-pipeline';
import {
  CreateAdGroupForm,
  type TCreateStep,
  type TNewAdGroupErrors,
  type TNewAdGroupValue,
} from './create-ad-group-form';
import { SavedAdGroupsTable } from './saved-ad-groups-table';

/** The two tabs of the Ad Group screen (001 §2). */
export type TAdGroupTab = 'saved' | 'create';

const MEDIA_TYPE_LABELS: Record<TMediaType, string> = { display: 'Display', video: 'Video' };

/**
 * The Ad group screen (001 §2), shared by the wizard's Ad Group step and /ads-upload: the Advertiser and
 * Media Type selects (fixed by the draft in the wizard), then the tabs 'Select From Saved AdGroups' and
 * 'Create New AdGroup'. The owner keeps the state (the wizard in its draft, /ads-upload in the page) and
 * runs the pipeline; this renders it and reports changes. It is an upload screen (000 §8: API errors
 * show 5 s).
 */
export function AdGroupScreen({
  advertisers,
  advertiser,
  onAdvertiserChange,
  mediaType,
  onMediaTypeChange,
  tab,
  onTabChange,
  selectedTemplate,
  onSelectTemplate,
  value,
  onChange,
  createStep,
  onCreateStepChange,
  errors,
  onErrors,
  busy,
  event,
  statuses,
  onSubmit,
  measure,
  showTabs = true,
  children,
}: {
  advertisers: readonly TAdvertiser[];
  advertiser: TAdvertiser | null;
  onAdvertiserChange?: (advertiser: TAdvertiser | null) => void;
  mediaType: TMediaType;
  onMediaTypeChange?: (mediaType: TMediaType) => void;
  tab: TAdGroupTab;
  onTabChange: (tab: TAdGroupTab) => void;
  selectedTemplate?: TAdGroupTemplate | null;
  onSelectTemplate?: (template: TAdGroupTemplate | null) => void;
  value: TNewAdGroupValue;
  onChange: (change: (value: TNewAdGroupValue) => TNewAdGroupValue) => void;
  createStep: TCreateStep;
  onCreateStepChange: (step: TCreateStep) => void;
  errors: TNewAdGroupErrors;
  onErrors: Dispatch<SetStateAction<TNewAdGroupErrors>>;
  busy: boolean;
  event: TPipelineEvent | null;
  statuses: Readonly<Record<string, TFileStatus>>;
  onSubmit?: () => void;
  measure?: (file: File) => Promise<TMeasure>;
  /** False once the wizard's ad group exists: only `children` (its note) shows until it is changed. */
  showTabs?: boolean;
  /** Shown above the tabs (the wizard's note about a finished ad group). */
  children?: ReactNode;
}) {
  const mediaTypeId = useId();
  // 000 §8: an API error on this screen is the upload screens' 5 s toast.
  useUploadScreen();
  return (
    <Stack gap="5">
      <HStack gap="6" align="flex-end" wrap="wrap">
        <AdvertiserSelect
          advertisers={advertiser && advertisers.length === 0 ? [advertiser] : advertisers}
          value={advertiser?.bgAdvertiserId ?? null}
          onChange={busy ? undefined : onAdvertiserChange}
          placeholder="Select Advertiser"
          width="60"
        />
        <Stack gap="1" minWidth="40">
          <chakra.label htmlFor={mediaTypeId} fontSize="sm" fontWeight="medium">
            Media Type
          </chakra.label>
          <PlainSelect
            id={mediaTypeId}
            value={mediaType}
            disabled={busy || !onMediaTypeChange}
            onChange={(change) => onMediaTypeChange?.(change.currentTarget.value as TMediaType)}
          >
            {MEDIA_TYPES.map((type) => (
              <option key={type} value={type}>
                {MEDIA_TYPE_LABELS[type]}
              </option>
            ))}
          </PlainSelect>
        </Stack>
      </HStack>
      {children}
      {showTabs ? (
        <Tabs.Root
          value={tab}
          onValueChange={(details) => onTabChange(details.value as TAdGroupTab)}
          variant="line"
          colorPalette="blue"
          lazyMount
        >
          <Tabs.List>
            <Tabs.Trigger value="saved" disabled={busy}>
              {SAVED_TAB}
            </Tabs.Trigger>
            <Tabs.Trigger value="create" disabled={busy}>
              {CREATE_TAB}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="saved">
            <SavedAdGroupsTable
              advertiser={advertiser}
              mediaType={mediaType}
              selectedId={selectedTemplate?.id ?? null}
              {...(onSelectTemplate ? { onSelect: onSelectTemplate } : {})}
              disabled={busy}
            />
          </Tabs.Content>
          <Tabs.Content value="create">
            <CreateAdGroupForm
              value={value}
              onChange={onChange}
              step={createStep}
              onStepChange={onCreateStepChange}
              errors={errors}
              onErrors={onErrors}
              mediaType={mediaType}
              disabled={busy}
              statuses={statuses}
              {...(onSubmit ? { onSubmit } : {})}
              {...(measure ? { measure } : {})}
            />
          </Tabs.Content>
        </Tabs.Root>
      ) : null}
      <Text fontSize="sm" role="status" aria-live="polite">
        {busy ? pipelineEventText(event) : ''}
      </Text>
    </Stack>
  );
}
