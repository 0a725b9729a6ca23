import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ADVERTISER_CATEGORY } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { newId } from '@bidgrid/shared/ids';
import {
  advertiserFormToFields,
  ZAdvertiserForm,
  type TAdvertiserForm,
  type TAdvertiserFormInput,
} from '@bidgrid/shared/advertisers/advertiser-form.schema';
import { FormDialog } from '@/components/form-dialog';
import { messageOf } from '@/lib/error-message';
import { useCreateAdvertiser } from '../api/advertiser-calls';
import { errorText } from '../advertiser-messages';
import { PhoneInput } from './phone-input';
import { RequiredMark } from './required-mark';

const EMPTY_FORM: TAdvertiserFormInput = {
  name: '',
  phoneNumber: '',
  firstAddress: '',
  secondAddress: '',
  city: '',
  state: '',
  postalCode: '',
  domain: '',
};

/** Text fields of the form in display order (the phone has its own input). */
const TEXT_FIELDS: ReadonlyArray<{
  name: Exclude<keyof TAdvertiserFormInput, 'phoneNumber'>;
  label: string;
  autoComplete: string;
  required: boolean;
}> = [
  { name: 'name', label: 'Name', autoComplete: 'organization', required: true },
  {
    name: 'domain',
    label: 'Domain',
    autoComplete: 'url',
    required: true,
  },
  { name: 'firstAddress', label: 'Address 1', autoComplete: 'address-line1', required: true },
  { name: 'secondAddress', label: 'Address 2', autoComplete: 'address-line2', required: false },
  { name: 'city', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'state', label: 'State', autoComplete: 'address-level1', required: true },
  { name: 'postalCode', label: 'Postal Code', autoComplete: 'postal-code', required: true },
];

/**
 * 'Create New Advertiser' (000 §2, rules of 000 §5). Creates the advertiser (the server also creates it
 * at the bidder with category 'IAB3'); on failure the form resets and shows 'There was an error:
 * {message}' (000 §8). `onCreated` closes the dialog and shows the card notice.
 */
export function CreateAdvertiserDialog({
  open,
  onOpenChange,
  agencyId,
  userName,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agencyId: string;
  userName: string;
  onCreated: (advertiser: TAdvertiser) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  // Resolves once the advertiser lists are reloaded (the call's effects).
  const { mutate: createAdvertiser } = useCreateAdvertiser();
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<TAdvertiserFormInput, unknown, TAdvertiserForm>({
    resolver: zodResolver(ZAdvertiserForm),
    defaultValues: EMPTY_FORM,
  });
  const phoneNumber = useWatch({ control, name: 'phoneNumber' });

  const submit = async (form: TAdvertiserForm): Promise<void> => {
    setFailure(null);
    try {
      const created = await createAdvertiser({
        // The spec's body (000 §7); the server takes the creator and agency from the token anyway.
        body: {
          ...advertiserFormToFields(form),
          bgAdvertiserId: newId('advertiser'),
          createdBy: userName,
          parentAgencyId: agencyId,
          category: ADVERTISER_CATEGORY,
        },
      });
      reset(EMPTY_FORM);
      onCreated(created);
    } catch (error) {
      reset(EMPTY_FORM);
      setFailure(errorText(messageOf(error)));
    }
  };

  const close = (): void => {
    reset(EMPTY_FORM);
    setFailure(null);
    onOpenChange(false);
  };

  const textField = (field: (typeof TEXT_FIELDS)[number]) => (
    <Field.Root key={field.name} invalid={Boolean(errors[field.name])} required={field.required}>
      <Field.Label>
        {field.label}
        {field.required ? <RequiredMark /> : null}
      </Field.Label>
      <Input autoComplete={field.autoComplete} {...register(field.name)} />
      <Field.ErrorText>{errors[field.name]?.message}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <FormDialog
      open={open}
      title="Create New Advertiser"
      busy={isSubmitting}
      failure={failure}
      submitLabel="Create"
      busyLabel="Creating"
      size="lg"
      onClose={close}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {TEXT_FIELDS.slice(0, 2).map(textField)}
        <Field.Root invalid={Boolean(errors.phoneNumber)} required gridColumn={{ md: 'span 2' }}>
          <Field.Label>
            Phone Number
            <RequiredMark />
          </Field.Label>
          <PhoneInput
            name="phoneNumber"
            value={phoneNumber ?? ''}
            onChange={(value) =>
              // Checked again on change once the form was submitted, like the registered fields.
              setValue('phoneNumber', value, { shouldDirty: true, shouldValidate: isSubmitted })
            }
          />
          <Field.ErrorText>{errors.phoneNumber?.message}</Field.ErrorText>
        </Field.Root>
        {TEXT_FIELDS.slice(2).map(textField)}
      </SimpleGrid>
    </FormDialog>
  );
}
