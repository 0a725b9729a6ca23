import { Box, Button, Field, HStack, Input, List, RadioGroup, Text, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import * as z from '@bidgrid/shared/zod';
import { IMAGE_MIME_TYPES } from '@bidgrid/shared/constants';
import { ZLandingPageUrl } from '@bidgrid/shared/ad-groups/landing-page.schema';
import { ZNewAdGroupForm } from '@bidgrid/shared/ad-groups/ad-group-form.schema';
import { InvalidAssets } from '@/components/invalid-assets';
import { useUploadScreen } from '@/lib/api/api-error';
import { uploadMaker, type TCreativeContext } from '@/lib/creative-upload/creative-makers';
import type { TMeasure, TMeasuredFile } from '@/lib/creative-upload/measure-files';
import { announceBatch, checkChosenFiles } from '@/lib/creative-upload/upload-batch';
import { useCreativeCalls } from '../api/ad-group-calls';
import { UPLOAD_DIALOG_TITLE } from '../campaign-messages';
import { ReplacementDialogFrame, type TReplacementRequest } from './replacement-dialog';

/** The modal's form: the new ad group's details, its landing page and at least one creative (001 §5). */
const ZUploadForm = z.extend(ZNewAdGroupForm, { landingPage: ZLandingPageUrl });
type TUploadErrors = Partial<Record<'name' | 'landingPage' | 'creatives', string>>;

const firstErrors = (error: z.core.$ZodError): TUploadErrors => {
  const errors: TUploadErrors = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if ((key === 'name' || key === 'landingPage' || key === 'creatives') && !errors[key]) errors[key] = issue.message;
  }
  return errors;
};

/**
 * 'Upload new AdGroup' (000 §2, 001 §2): display only (the Video choice is there but disabled). Files are
 * checked by the upload rules of 001 §5 (kind, dimension, size, names de-duplicated, at most 100); each
 * refused file gets its message inline and as a 15 s toast. Submitting replaces the campaign's ad group
 * with the uploaded creatives, each sent through a presigned URL.
 */
export function UploadAdGroupDialog({
  open,
  context,
  busy,
  step,
  onClose,
  onReplace,
  measure,
}: {
  open: boolean;
  /** Who the creatives belong to; `clickUrl` is the current landing page, offered as the default. */
  context: Omit<TCreativeContext, 'clickUrl'> & { clickUrl: string };
  busy: boolean;
  step: Parameters<typeof ReplacementDialogFrame>[0]['step'];
  onClose: () => void;
  onReplace: (request: TReplacementRequest) => Promise<boolean>;
  /** Reads an image's size (tests pass a fake; jsdom cannot decode images). */
  measure?: (file: File) => Promise<TMeasure>;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [landingPage, setLandingPage] = useState(context.clickUrl);
  const [files, setFiles] = useState<TMeasuredFile[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [errors, setErrors] = useState<TUploadErrors>({});
  const fileInputId = useId();
  const calls = useCreativeCalls();
  // 000 §8: while it is open, an API error is the upload screens' 5 s toast.
  useUploadScreen(open);

  const reset = (): void => {
    setName('');
    setDescription('');
    setLandingPage(context.clickUrl);
    setFiles([]);
    setRefused([]);
    setErrors({});
  };

  const close = (): void => {
    if (busy) return;
    reset();
    onClose();
  };

  const addFiles = async (chosen: readonly File[]): Promise<void> => {
    if (chosen.length === 0) return;
    const batch = await checkChosenFiles(
      chosen,
      'display',
      files.map((file) => file.name),
      measure,
    );
    announceBatch(batch);
    setFiles((current) => [...current, ...batch.valid]);
    setRefused(batch.invalid.map((invalid) => invalid.message));
    setErrors((current) => ({ ...current, creatives: undefined }));
  };

  const submit = async (): Promise<void> => {
    const parsed = ZUploadForm.safeParse({ name, description, landingPage, creatives: files, adGroupType: 'image' });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      return;
    }
    setErrors({});
    const clickContext: TCreativeContext = { ...context, clickUrl: parsed.data.landingPage };
    const done = await onReplace({
      newAdGroup: {
        bgAdvertiserId: context.bgAdvertiserId,
        bgCampaignId: context.bgCampaignId,
        name: parsed.data.name,
        description: parsed.data.description,
        adGroupType: 'image',
      },
      makers: files.map((file) => uploadMaker(file, clickContext, calls)),
    });
    if (done) {
      reset();
      onClose();
    }
  };

  return (
    <ReplacementDialogFrame
      open={open}
      title={UPLOAD_DIALOG_TITLE}
      busy={busy}
      step={step}
      submitLabel="Upload"
      onClose={close}
      onSubmit={() => void submit()}
    >
      <RadioGroup.Root value="display" size="sm" colorPalette="blue" aria-label="Media type" disabled={busy}>
        <HStack gap="6">
          <RadioGroup.Item value="display">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Display</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="video" disabled>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Video</RadioGroup.ItemText>
          </RadioGroup.Item>
        </HStack>
      </RadioGroup.Root>
      <Field.Root invalid={Boolean(errors.name)} required disabled={busy}>
        <Field.Label>Ad Group Name</Field.Label>
        <Input value={name} onChange={(event) => setName(event.currentTarget.value)} />
        <Field.ErrorText>{errors.name}</Field.ErrorText>
      </Field.Root>
      <Field.Root disabled={busy}>
        <Field.Label>Description</Field.Label>
        <Textarea rows={2} value={description} onChange={(event) => setDescription(event.currentTarget.value)} />
      </Field.Root>
      <Field.Root invalid={Boolean(errors.landingPage)} required disabled={busy}>
        <Field.Label>Landing Page</Field.Label>
        <Input type="url" value={landingPage} onChange={(event) => setLandingPage(event.currentTarget.value)} />
        <Field.ErrorText>{errors.landingPage}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.creatives)} disabled={busy}>
        <Field.Label htmlFor={fileInputId}>Creative files (images and gifs)</Field.Label>
        <Input
          id={fileInputId}
          type="file"
          multiple
          accept={IMAGE_MIME_TYPES.join(',')}
          p="1"
          onChange={(event) => {
            const chosen = Array.from(event.currentTarget.files ?? []);
            // Clear the input so choosing the same file again after removing it fires a change.
            event.currentTarget.value = '';
            void addFiles(chosen);
          }}
        />
        <Field.ErrorText>{errors.creatives}</Field.ErrorText>
      </Field.Root>
      {files.length > 0 ? (
        <Box>
          <Text fontSize="sm" fontWeight="semibold">
            Valid assets
          </Text>
          <List.Root ps="4" gap="1" aria-label="Valid assets">
            {files.map((file) => (
              <List.Item key={file.name}>
                <HStack justify="space-between" gap="2">
                  <Text fontSize="sm">{`${file.name} (${file.width ?? 0}x${file.height ?? 0})`}</Text>
                  <Button
                    size="2xs"
                    variant="ghost"
                    disabled={busy}
                    aria-label={`Remove ${file.name}`}
                    onClick={() => setFiles((current) => current.filter((item) => item.name !== file.name))}
                  >
                    Remove
                  </Button>
                </HStack>
              </List.Item>
            ))}
          </List.Root>
        </Box>
      ) : null}
      <InvalidAssets messages={refused} />
    </ReplacementDialogFrame>
  );
}
