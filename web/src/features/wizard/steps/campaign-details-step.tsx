import { now } from '@bidgrid/shared/clock';
import { chakra, Field, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import {
  campaignDetailsSchema,
  estimatedBudget,
  type TCampaignDetails,
  type TCampaignDetailsInput,
} from '@bidgrid/shared/campaigns/campaign-details.schema';
import { toNumberInput } from '@bidgrid/shared/common/fields';
import { CampaignDetailsFields } from '@/components/campaign-details-fields';
import { advance, stay, type TWizardStepProps } from '@/lib/wizard-step';
import { isTemplateFlow } from '../wizard-flow';

const systemNow = (): Date => now();

/** The form's values from the draft (numbers the user has not entered yet are empty). */
export function detailsFormValues(draft: TCampaignDraft): TCampaignDetailsInput {
  const details = draft.basicDetails;
  return {
    templateName: draft.campaignTemplateName,
    name: details.name,
    description: details.description,
    mediaType: details.mediaType ?? '',
    dailyBudget: details.dailyBudget ?? '',
    maxBid: details.maxBid ?? '',
    startDate: details.startDate ?? '',
    endDate: details.endDate ?? '',
    showInHubspot: details.showInHubspot,
    maxCompanies: details.maxCompanies ?? '',
  } as TCampaignDetailsInput;
}

const numberOrNull = (value: unknown): number | null => {
  const parsed = toNumberInput(value as string | number | null | undefined);
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
};
const dateOrNull = (value: unknown): string | null =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;

/**
 * The draft with what the form holds while the user types (so a reload keeps it); the validated
 * values replace it on Next. A change of media type drops the ad group made for the other type.
 */
export function withTypedDetails(draft: TCampaignDraft, values: Partial<TCampaignDetailsInput>): TCampaignDraft {
  const mediaType = values.mediaType === 'display' || values.mediaType === 'video' ? values.mediaType : null;
  const dailyBudget = numberOrNull(values.dailyBudget);
  const startDate = dateOrNull(values.startDate);
  const endDate = dateOrNull(values.endDate);
  const mediaChanged = mediaType !== draft.basicDetails.mediaType;
  return {
    ...draft,
    campaignTemplateName: values.templateName ?? draft.campaignTemplateName,
    basicDetails: {
      ...draft.basicDetails,
      name: values.name ?? '',
      description: values.description ?? '',
      mediaType,
      isVideoCampaign: mediaType === 'video',
      dailyBudget,
      maxBid: numberOrNull(values.maxBid),
      startDate,
      endDate,
      estimatedBudget:
        dailyBudget !== null && startDate && endDate ? estimatedBudget(dailyBudget, startDate, endDate) : 0,
      showInHubspot: Boolean(values.showInHubspot),
      maxCompanies: numberOrNull(values.maxCompanies),
    },
    ...(mediaChanged ? { createdAdGroup: null, selectedAdGroupTemplate: null } : {}),
  };
}

/** The draft with validated details. */
export function withDetails(draft: TCampaignDraft, details: TCampaignDetails): TCampaignDraft {
  const mediaChanged = details.mediaType !== draft.basicDetails.mediaType;
  return {
    ...draft,
    campaignTemplateName: details.templateName,
    basicDetails: {
      ...draft.basicDetails,
      name: details.name,
      description: details.description,
      mediaType: details.mediaType,
      isVideoCampaign: details.isVideoCampaign,
      dailyBudget: details.dailyBudget,
      maxBid: details.maxBid,
      startDate: details.startDate,
      endDate: details.endDate,
      estimatedBudget: details.estimatedBudget,
      showInHubspot: details.showInHubspot,
      maxCompanies: details.showInHubspot ? details.maxCompanies : null,
    },
    ...(mediaChanged ? { createdAdGroup: null, selectedAdGroupTemplate: null } : {}),
  };
}

/**
 * Campaign Details / Campaign Template Details (001 §2, §5): every rule through the shared schema
 * (live texts while typing, the submit texts on Next), the estimated budget computed as the user types,
 * 'Sales Enabled Campaign' showing Max Companies, Max Bid 25 by default, the media type. What is typed
 * is kept in the draft at once, so a reload keeps it.
 */
export function CampaignDetailsStep({
  draft,
  updateDraft,
  flow,
  setNextHandler,
  busy,
  now = systemNow,
}: TWizardStepProps & { now?: () => Date | string }) {
  const template = isTemplateFlow(flow);
  const phase = useRef<'live' | 'submit'>('live');
  const resolver = useMemo<Resolver<TCampaignDetailsInput, unknown, TCampaignDetails>>(() => {
    const schemaFlow = template ? 'template' : 'create';
    const live = zodResolver(campaignDetailsSchema({ flow: schemaFlow, mode: 'live', now }));
    const submit = zodResolver(campaignDetailsSchema({ flow: schemaFlow, mode: 'submit', now }));
    return (values, context, options) => (phase.current === 'submit' ? submit : live)(values, context, options);
  }, [template, now]);
  // The form starts from the draft once; afterwards the form is the source and the draft follows it.
  const [defaults] = useState(() => detailsFormValues(draft));
  const {
    register,
    control,
    handleSubmit,
    subscribe,
    formState: { errors },
  } = useForm<TCampaignDetailsInput, unknown, TCampaignDetails>({
    resolver,
    mode: 'onChange',
    defaultValues: defaults,
  });

  // Each change of the values goes to the draft as it happens (a subscription: no render of its own).
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => updateDraft((current) => withTypedDetails(current, values)),
      }),
    [subscribe, updateDraft],
  );

  useEffect(() => {
    setNextHandler(async () => {
      phase.current = 'submit';
      try {
        let valid: TCampaignDetails | null = null;
        await handleSubmit((details) => {
          valid = details;
        })();
        if (!valid) return stay();
        const details: TCampaignDetails = valid;
        updateDraft((current) => withDetails(current, details));
        return advance;
      } finally {
        phase.current = 'live';
      }
    });
    return () => setNextHandler(null);
  }, [handleSubmit, setNextHandler, updateDraft]);

  return (
    <chakra.form noValidate aria-label="Campaign details" onSubmit={(event) => event.preventDefault()}>
      <Stack gap="4">
        {template ? (
          <Field.Root invalid={Boolean(errors.templateName)} required disabled={busy}>
            <Field.Label>Template Name</Field.Label>
            <Input {...register('templateName')} />
            <Field.ErrorText>{errors.templateName?.message}</Field.ErrorText>
          </Field.Root>
        ) : null}
        <CampaignDetailsFields form={{ register, control, errors }} disabled={busy} />
      </Stack>
    </chakra.form>
  );
}
