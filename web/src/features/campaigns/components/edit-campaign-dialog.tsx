import { now } from '@bidgrid/shared/clock';
import { Alert } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { TOAST_MS } from '@bidgrid/shared/constants';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import {
  campaignDetailsSchema,
  campaignEditability,
  type TCampaignDetails,
  type TCampaignDetailsInput,
} from '@bidgrid/shared/campaigns/campaign-details.schema';
import { CampaignDetailsFields } from '@/components/campaign-details-fields';
import { FormDialog } from '@/components/form-dialog';
import { toaster } from '@/lib/toaster';
import { messageOf } from '@/lib/error-message';
import { useUpdateCampaignDetails } from '../api/campaign-calls';
import { EDIT_CAMPAIGN_DETAILS, errorText, updatedMessage } from '../campaign-messages';

const systemNow = (): Date => now();

/** The form's values as the campaign is saved now. */
export function campaignFormValues(campaign: TCampaign): TCampaignDetailsInput {
  return {
    name: campaign.name,
    description: campaign.description,
    mediaType: campaign.isVideoCampaign ? 'video' : 'display',
    dailyBudget: campaign.daily_budget,
    maxBid: campaign.maxBid,
    startDate: campaign.start_date,
    endDate: campaign.end_date,
    showInHubspot: campaign.showInHubspot,
    maxCompanies: campaign.maxCompanies ?? '',
    templateName: '',
  };
}

/**
 * The `updateBody` of `PUT /campaign/new/details` (000 §7) from validated details. The start date is
 * sent only while it may change (000 §4); `active` keeps the campaign's status (the dialog does not
 * switch it); 0 companies means no limit (000 §5).
 */
export function updateBodyOf(details: TCampaignDetails, campaign: TCampaign, startDateEditable: boolean) {
  return {
    name: details.name,
    description: details.description,
    daily_budget: details.dailyBudget,
    campaign_budget: details.estimatedBudget,
    max_bid: details.maxBid,
    ...(startDateEditable ? { start_date: details.startDate } : {}),
    end_date: details.endDate,
    active: campaign.active,
    maxCompanies: details.maxCompanies,
    showInHubspot: details.showInHubspot,
    isVideoCampaign: details.isVideoCampaign,
  };
}

/**
 * 'Edit Campaign Details' (000 §2, §4, §5): every rule of the campaign edit form through the shared
 * schema, the live texts while typing and the submit texts on Save. The media type never changes, the
 * start date only before the campaign starts, and 175 days after the end everything is read-only. A
 * failure resets the form and shows 'There was an error: {message}'.
 */
export function EditCampaignDialog({
  campaign,
  onClose,
  onSaved,
  now = systemNow,
}: {
  campaign: TCampaign;
  onClose: () => void;
  /** Told after a save, once the campaign lists are reloaded. */
  onSaved?: () => Promise<void> | void;
  /** Today, for the date rules (tests pass a fixed day). */
  now?: () => Date | string;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate: saveDetails } = useUpdateCampaignDetails();
  const editability = campaignEditability({ startDate: campaign.start_date, endDate: campaign.end_date }, now());
  const defaults = useMemo(() => campaignFormValues(campaign), [campaign]);

  // The live texts while typing, the submit texts when Save is pressed (000 §5).
  const phase = useRef<'live' | 'submit'>('live');
  const resolver = useMemo<Resolver<TCampaignDetailsInput, unknown, TCampaignDetails>>(() => {
    const saved = { mediaType: defaults.mediaType as 'display' | 'video', startDate: campaign.start_date };
    const live = zodResolver(campaignDetailsSchema({ flow: 'edit', saved, mode: 'live', now }));
    const submit = zodResolver(campaignDetailsSchema({ flow: 'edit', saved, mode: 'submit', now }));
    return (values, context, options) => (phase.current === 'submit' ? submit : live)(values, context, options);
  }, [defaults.mediaType, campaign.start_date, now]);

  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TCampaignDetailsInput, unknown, TCampaignDetails>({
    resolver,
    mode: 'onChange',
    defaultValues: defaults,
  });
  const save = async (details: TCampaignDetails): Promise<void> => {
    setFailure(null);
    try {
      await saveDetails({
        body: {
          bgCampaignId: campaign.bgCampaignId,
          beeswaxCampaignId: campaign.beeswaxCampaignId,
          updateBody: updateBodyOf(details, campaign, editability.startDateEditable),
        },
      });
      toaster.create({
        type: 'success',
        title: updatedMessage(details.name),
        duration: TOAST_MS.default,
        closable: true,
      });
      await onSaved?.();
      onClose();
    } catch (error) {
      reset(defaults);
      setFailure(errorText(messageOf(error)));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    phase.current = 'submit';
    void handleSubmit(save)(event).finally(() => {
      phase.current = 'live';
    });
  };

  const disabled = editability.readOnly || isSubmitting;

  return (
    <FormDialog
      title={EDIT_CAMPAIGN_DETAILS}
      busy={isSubmitting}
      failure={failure}
      submitLabel="Save"
      busyLabel="Saving"
      submitDisabled={editability.readOnly}
      size="lg"
      scrollInside
      onClose={onClose}
      onSubmit={submit}
    >
      {editability.readOnly ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>
            This campaign ended 175 or more days ago: its details can no longer be changed and it cannot be reactivated.
          </Alert.Title>
        </Alert.Root>
      ) : null}
      <CampaignDetailsFields
        form={{ register, control, errors }}
        disabled={disabled}
        lockedMediaType={defaults.mediaType === 'video' ? 'video' : 'display'}
        startDateLocked={!editability.startDateEditable}
        startDateNote={!editability.startDateEditable && !editability.readOnly}
      />
    </FormDialog>
  );
}
