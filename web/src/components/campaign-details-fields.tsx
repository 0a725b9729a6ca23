import { Checkbox, Field, Input, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { formatUsd } from '@bidgrid/shared/metrics/format';
import {
  estimatedBudget,
  type TCampaignDetails,
  type TCampaignDetailsInput,
} from '@bidgrid/shared/campaigns/campaign-details.schema';
import { toNumberInput } from '@bidgrid/shared/common/fields';

/** The parts of a campaign details form (react-hook-form) the fields need. */
export type TCampaignDetailsForm = {
  register: UseFormRegister<TCampaignDetailsInput>;
  control: Control<TCampaignDetailsInput, unknown, TCampaignDetails>;
  errors: FieldErrors<TCampaignDetailsInput>;
};

/**
 * The campaign details fields shared by the wizard's Campaign Details step and 'Edit Campaign Details'
 * (000 §5, 001 §2): name, description, media type, daily budget, dates, max bid, the live estimated
 * budget, 'Sales Enabled Campaign' and Max Companies. On edit the media type is shown, never
 * registered (`lockedMediaType`), and a started campaign's start date stays (`startDateLocked`,
 * `startDateNote`).
 */
export function CampaignDetailsFields({
  form: { register, control, errors },
  disabled,
  lockedMediaType,
  startDateLocked = false,
  startDateNote = false,
}: {
  form: TCampaignDetailsForm;
  disabled: boolean;
  /** The saved media type when it cannot change (edit); the select otherwise. */
  lockedMediaType?: 'display' | 'video';
  /** The campaign has started: the start date is read-only (still part of the form) with a note. */
  startDateLocked?: boolean;
  /** Show 'The campaign has started: its start date stays.' under the start date. */
  startDateNote?: boolean;
}) {
  const dailyBudget = useWatch({ control, name: 'dailyBudget' });
  const startDate = useWatch({ control, name: 'startDate' });
  const endDate = useWatch({ control, name: 'endDate' });
  const showInHubspot = useWatch({ control, name: 'showInHubspot' });
  const budget = estimatedBudget(Number(toNumberInput(dailyBudget) ?? 0), startDate ?? '', endDate ?? '');

  return (
    <>
      <Field.Root invalid={Boolean(errors.name)} required disabled={disabled}>
        <Field.Label>Name</Field.Label>
        <Input {...register('name')} />
        <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root disabled={disabled}>
        <Field.Label>Description</Field.Label>
        <Textarea rows={2} {...register('description')} />
      </Field.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {lockedMediaType ? (
          // Shown, never registered: the saved media type stays in the values (000 §5: it cannot change).
          <Field.Root readOnly>
            <Field.Label>Media Type</Field.Label>
            <Input readOnly value={lockedMediaType === 'video' ? 'Video' : 'Display'} />
            <Field.HelperText>The media type cannot change.</Field.HelperText>
          </Field.Root>
        ) : (
          <Field.Root invalid={Boolean(errors.mediaType)} required disabled={disabled}>
            <Field.Label>Media Type</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('mediaType')}>
                <option value="">Select media type</option>
                <option value="display">Display</option>
                <option value="video">Video</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.mediaType?.message}</Field.ErrorText>
          </Field.Root>
        )}
        <Field.Root invalid={Boolean(errors.dailyBudget)} required disabled={disabled}>
          <Field.Label>Daily Budget (USD)</Field.Label>
          <Input type="number" step="0.01" min="0" {...register('dailyBudget')} />
          <Field.ErrorText>{errors.dailyBudget?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root
          invalid={Boolean(errors.startDate)}
          required
          disabled={disabled}
          // Read-only rather than disabled once started, so its value is still part of the form.
          readOnly={startDateLocked}
        >
          <Field.Label>Start Date</Field.Label>
          <Input type="date" {...register('startDate')} />
          {startDateNote ? <Field.HelperText>The campaign has started: its start date stays.</Field.HelperText> : null}
          <Field.ErrorText>{errors.startDate?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.endDate)} required disabled={disabled}>
          <Field.Label>End Date</Field.Label>
          <Input type="date" {...register('endDate')} />
          <Field.ErrorText>{errors.endDate?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.maxBid)} required disabled={disabled}>
          <Field.Label>Max Bid (USD)</Field.Label>
          <Input type="number" step="0.01" min="0" {...register('maxBid')} />
          <Field.ErrorText>{errors.maxBid?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root readOnly>
          <Field.Label>Estimated Budget</Field.Label>
          <Input readOnly value={formatUsd(budget)} />
          <Field.HelperText>Daily budget times the days between start and end.</Field.HelperText>
        </Field.Root>
      </SimpleGrid>
      <Controller
        control={control}
        name="showInHubspot"
        render={({ field }) => (
          <Checkbox.Root
            colorPalette="blue"
            checked={Boolean(field.value)}
            onCheckedChange={(details) => field.onChange(details.checked === true)}
            disabled={disabled}
          >
            <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
            <Checkbox.Control />
            <Checkbox.Label>Sales Enabled Campaign</Checkbox.Label>
          </Checkbox.Root>
        )}
      />
      {showInHubspot ? (
        <Field.Root invalid={Boolean(errors.maxCompanies)} disabled={disabled}>
          <Field.Label>Max Companies</Field.Label>
          <Input type="number" min="0" step="1" {...register('maxCompanies')} />
          <Field.HelperText>
            CRM users with company access can add and remove companies. Empty or 0 means no limit.
          </Field.HelperText>
          <Field.ErrorText>{errors.maxCompanies?.message}</Field.ErrorText>
        </Field.Root>
      ) : null}
    </>
  );
}
