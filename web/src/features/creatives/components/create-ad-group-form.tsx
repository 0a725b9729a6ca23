import { Box, Button, Field, HStack, Input, List, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES, type TMediaType } from '@bidgrid/shared/constants';
import { ZAdGroupDetailsForm } from '@bidgrid/shared/ad-groups/ad-group-form.schema';
import type { TMeasure, TMeasuredFile } from '@/lib/creative-upload/measure-files';
import { announceBatch, checkChosenFiles } from '@/lib/creative-upload/upload-batch';
import { DETAILS_STEP, FILES_STEP } from '../ad-group-messages';
import type { TFileStatus } from '../hooks/use-ad-group-pipeline';
import { InvalidAssets } from '@/components/invalid-assets';
import { ValidAssets } from './asset-lists';
import { FileDropZone } from './file-drop-zone';

/** What 'Create New AdGroup' holds: the details and the files that passed the upload rules. */
export interface TNewAdGroupValue {
  readonly name: string;
  readonly description: string;
  readonly files: readonly TMeasuredFile[];
}

export const emptyNewAdGroup: TNewAdGroupValue = { name: '', description: '', files: [] };

/** Field errors of the tab: the name rule and 'Please, upload creative assets to continue.' (001 §5). */
export interface TNewAdGroupErrors {
  readonly name?: string | undefined;
  readonly creatives?: string | undefined;
}

/** The inner stepper's two steps (001 §2). */
export type TCreateStep = 0 | 1;

/** The name rule of the first step; the error text, or null when the details are fine. */
export function detailsError(value: Pick<TNewAdGroupValue, 'name' | 'description'>): string | null {
  const parsed = ZAdGroupDetailsForm.safeParse({ name: value.name, description: value.description });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * 'Create New AdGroup' (001 §2): a two-step stepper, 'Name and Description' (name required, description
 * multiline) then the files ('Choose Files to upload for this campaign's ad group'), with Back / Next and,
 * where the page submits by itself (/ads-upload), Submit. Files come through the drop zone; each batch is
 * measured and checked by the upload rules of 001 §5 for the media type, refused files listed with their
 * message and toasted (15 s), the rest added to the valid assets (names de-duplicated, 100 at most).
 */
export function CreateAdGroupForm({
  value,
  onChange,
  step,
  onStepChange,
  errors,
  onErrors,
  mediaType,
  disabled,
  statuses,
  onSubmit,
  measure,
}: {
  value: TNewAdGroupValue;
  onChange: (change: (value: TNewAdGroupValue) => TNewAdGroupValue) => void;
  step: TCreateStep;
  onStepChange: (step: TCreateStep) => void;
  errors: TNewAdGroupErrors;
  onErrors: Dispatch<SetStateAction<TNewAdGroupErrors>>;
  mediaType: TMediaType;
  disabled: boolean;
  statuses: Readonly<Record<string, TFileStatus>>;
  /** Given on /ads-upload: the files step ends with Submit. In the wizard, the wizard's Next submits. */
  onSubmit?: () => void;
  /** Reads a file's size (tests pass a fake). */
  measure?: (file: File) => Promise<TMeasure>;
}) {
  const [refused, setRefused] = useState<string[]>([]);

  const next = (): void => {
    const error = detailsError(value);
    onErrors((current) => ({ ...current, name: error ?? undefined }));
    if (!error) onStepChange(1);
  };

  const addFiles = async (chosen: File[]): Promise<void> => {
    if (chosen.length === 0) return;
    const batch = await checkChosenFiles(
      chosen,
      mediaType,
      value.files.map((file) => file.name),
      measure,
    );
    announceBatch(batch);
    setRefused(batch.invalid.map((invalid) => invalid.message));
    if (batch.valid.length > 0) {
      onChange((current) => ({ ...current, files: [...current.files, ...batch.valid] }));
      onErrors((current) => ({ ...current, creatives: undefined }));
    }
  };

  return (
    <Stack gap="5">
      <List.Root as="ol" listStyleType="none" display="flex" gap="6" aria-label="Create New AdGroup steps">
        {[DETAILS_STEP, FILES_STEP].map((title, index) => (
          <List.Item
            key={title}
            aria-current={index === step ? 'step' : undefined}
            fontWeight={index === step ? 'semibold' : 'normal'}
            color={index === step ? 'fg' : 'fg.muted'}
          >
            {`${index + 1}. ${title}`}
          </List.Item>
        ))}
      </List.Root>

      {step === 0 ? (
        <Stack gap="4" maxW="xl">
          <Field.Root invalid={Boolean(errors.name)} required disabled={disabled}>
            <Field.Label>Ad Group Name</Field.Label>
            <Input
              value={value.name}
              onChange={(event) => {
                const name = event.currentTarget.value;
                onChange((current) => ({ ...current, name }));
              }}
            />
            <Field.ErrorText>{errors.name}</Field.ErrorText>
          </Field.Root>
          <Field.Root disabled={disabled}>
            <Field.Label>Description</Field.Label>
            <Textarea
              rows={3}
              value={value.description}
              onChange={(event) => {
                const description = event.currentTarget.value;
                onChange((current) => ({ ...current, description }));
              }}
            />
          </Field.Root>
          {/* Named, so the wizard's own Next (outside) and this one are told apart. */}
          <HStack role="group" aria-label="New ad group steps">
            <Button colorPalette="blue" onClick={next} disabled={disabled}>
              Next
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Stack gap="4">
          <Text fontWeight="semibold">{FILES_STEP}</Text>
          <FileDropZone
            accept={(mediaType === 'video' ? VIDEO_MIME_TYPES : IMAGE_MIME_TYPES).join(',')}
            disabled={disabled}
            onFiles={(files) => void addFiles(files)}
          />
          {errors.creatives ? (
            <Text color="fg.error" fontSize="sm" role="alert">
              {errors.creatives}
            </Text>
          ) : null}
          <InvalidAssets messages={refused} />
          <ValidAssets
            files={value.files}
            statuses={statuses}
            disabled={disabled}
            onRemove={(name) =>
              onChange((current) => ({ ...current, files: current.files.filter((file) => file.name !== name) }))
            }
          />
          <Box>
            <HStack gap="3" role="group" aria-label="New ad group steps">
              <Button variant="outline" onClick={() => onStepChange(0)} disabled={disabled}>
                Back
              </Button>
              {onSubmit ? (
                <Button colorPalette="blue" onClick={onSubmit} loading={disabled} loadingText="Submitting">
                  Submit
                </Button>
              ) : null}
            </HStack>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
