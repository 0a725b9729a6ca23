import { Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TOAST_MS } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TRetargetingSegment } from '@bidgrid/shared/segments/retargeting-segment.schema';
import { ZSegmentForm, type TSegmentForm, type TSegmentFormInput } from '@bidgrid/shared/segments/segment-form.schema';
import { FormDialog } from '@/components/form-dialog';
import { toaster } from '@/lib/toaster';
import { messageOf } from '@/lib/error-message';
import { useCreateSegment } from '../api/segment-calls';
import { segmentCreatedText, segmentErrorText, CREATE_SEGMENT } from '../segment-messages';
import { AdvertiserOptions } from './advertiser-choice';

/**
 * The create-segment modal (001 §2, §5): name and advertiser required, description optional, the same
 * rules as the server's. A failure shows 'There was an error: {message}' (001 §8) and keeps the form.
 */
export function CreateSegmentDialog({
  advertisers,
  advertiserId,
  onClose,
  onCreated,
}: {
  advertisers: readonly TAdvertiser[];
  /** The advertiser chosen on the page or in the draft: the form starts with it. */
  advertiserId: string | null;
  onClose: () => void;
  onCreated?: (segment: TRetargetingSegment) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate: create } = useCreateSegment();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TSegmentFormInput, unknown, TSegmentForm>({
    resolver: zodResolver(ZSegmentForm),
    defaultValues: { name: '', advertiserId: advertiserId ?? '', description: '' },
  });

  const save = async (form: TSegmentForm): Promise<void> => {
    setFailure(null);
    try {
      const segment = await create({
        body: {
          name: form.name,
          description: form.description,
          advertiserId: form.advertiserId as `bgAdvertiser-${string}`,
        },
      });
      toaster.create({ type: 'success', title: segmentCreatedText(segment.segment_name), duration: TOAST_MS.default });
      onCreated?.(segment);
      onClose();
    } catch (error) {
      setFailure(segmentErrorText(messageOf(error)));
    }
  };

  return (
    <FormDialog
      title={CREATE_SEGMENT}
      busy={isSubmitting}
      failure={failure}
      submitLabel="Create"
      busyLabel="Creating"
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(save)(event)}
    >
      <Field.Root invalid={Boolean(errors.name)} required disabled={isSubmitting}>
        <Field.Label>Segment Name</Field.Label>
        <Input {...register('name')} />
        <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.advertiserId)} required disabled={isSubmitting}>
        <Field.Label>Advertiser</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('advertiserId')}>
            <AdvertiserOptions advertisers={advertisers} />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{errors.advertiserId?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root disabled={isSubmitting}>
        <Field.Label>Description</Field.Label>
        <Textarea rows={3} {...register('description')} />
      </Field.Root>
    </FormDialog>
  );
}
