import { Box, Field, HStack, Image, Input, RadioGroup, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { TRUNCATE } from '@bidgrid/shared/constants';
import type { TAdGroupType } from '@bidgrid/shared/ad-groups/ad-group.schema';
import { ZLandingPageUrl } from '@bidgrid/shared/ad-groups/landing-page.schema';
import { ZSavedAdGroupForm } from '@bidgrid/shared/ad-groups/ad-group-form.schema';
import { scrollRegionLabel, TableScroll } from '@/components/table-scroll';
import { formatShortDate } from '@/lib/date-format';
import { truncate } from '@/lib/truncate';
import {
  useAdGroupTemplates,
  useCreativeCalls,
  useCreativeTemplates,
  useReadCreativeTemplates,
} from '../api/ad-group-calls';
import { templateMaker, type TCreativeContext } from '@/lib/creative-upload/creative-makers';
import { AD_GROUPS_LOADING, noTemplatesText } from '@/lib/creative-upload/upload-messages';
import { TEMPLATES_DIALOG_TITLE } from '../campaign-messages';
import { ReplacementDialogFrame, type TReplacementRequest } from './replacement-dialog';

/** The creatives of the chosen template, so the user sees what the campaign will serve. */
function TemplateCreatives({ templateId }: { templateId: string }) {
  const { data, loading, error } = useCreativeTemplates(templateId);
  useEffect(() => {
    if (error) console.error('The creative templates could not be loaded', error);
  }, [error]);
  if (loading && !data) return <Text color="fg.muted">{AD_GROUPS_LOADING}</Text>;
  const creatives = data ?? [];
  if (creatives.length === 0) return <Text color="fg.muted">This template has no creatives.</Text>;
  return (
    <TableScroll regionLabel={scrollRegionLabel('Creatives of the template')}>
      <Table.Root size="sm" aria-label="Creatives of the template">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Asset</Table.ColumnHeader>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Size</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {creatives.map((creative) => (
            <Table.Row key={creative.id}>
              <Table.Cell>
                {creative.creativeType.startsWith('image/') ? (
                  <Image src={creative.creativeTemplateSrc} alt={creative.name} maxHeight="10" maxWidth="20" />
                ) : (
                  <Text fontSize="xs">Video</Text>
                )}
              </Table.Cell>
              <Table.Cell title={creative.name}>{truncate(creative.name, TRUNCATE.fileName)}</Table.Cell>
              <Table.Cell>{`${creative.width}x${creative.height}`}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}

/**
 * 'Choose creatives from templates' (000 §2, 001 §2): the advertiser's ad-group templates of the
 * campaign's kind (image templates for display, video ones for video campaigns); the chosen one's
 * creatives become the campaign's new ad group, replacing the current one. Nothing chosen gives
 * 'Please, select Ad Group to continue.' (001 §5).
 */
export function TemplateAdGroupDialog({
  open,
  advertiserName,
  adGroupType,
  context,
  busy,
  step,
  onClose,
  onReplace,
}: {
  open: boolean;
  advertiserName: string;
  adGroupType: TAdGroupType;
  context: TCreativeContext;
  busy: boolean;
  step: Parameters<typeof ReplacementDialogFrame>[0]['step'];
  onClose: () => void;
  onReplace: (request: TReplacementRequest) => Promise<boolean>;
}) {
  const templates = useAdGroupTemplates(open ? context.bgAdvertiserId : null);
  const calls = useCreativeCalls();
  const [selectedId, setSelectedId] = useState('');
  const [landingPage, setLandingPage] = useState(context.clickUrl);
  const [errors, setErrors] = useState<{ selection?: string; landingPage?: string }>({});
  const chosen = useCreativeTemplates(selectedId || null);
  const readCreativeTemplates = useReadCreativeTemplates();
  useEffect(() => {
    if (templates.error) console.error('The ad group templates could not be loaded', templates.error);
  }, [templates.error]);

  const list = (templates.data ?? []).filter((template) => template.adGroupType === adGroupType);

  const submit = async (): Promise<void> => {
    const selection = ZSavedAdGroupForm.safeParse({ selectedAdGroupTemplateId: selectedId });
    const page = ZLandingPageUrl.safeParse(landingPage);
    const template = list.find((item) => item.id === selectedId);
    if (!selection.success || !page.success || !template) {
      setErrors({
        selection: selection.success ? undefined : selection.error.issues[0]?.message,
        landingPage: page.success ? undefined : page.error.issues[0]?.message,
      });
      return;
    }
    setErrors({});
    // Every creative of the template: those shown when all are in, else read now, every page.
    const creatives =
      chosen.data && chosen.progress.done ? chosen.data : await readCreativeTemplates({ params: { id: selectedId } });
    const done = await onReplace({
      newAdGroup: {
        bgAdvertiserId: context.bgAdvertiserId,
        bgCampaignId: context.bgCampaignId,
        name: template.name,
        description: template.description,
        adGroupType: template.adGroupType,
      },
      makers: creatives.map((creative) => templateMaker(creative, { ...context, clickUrl: page.data }, calls)),
    });
    if (done) onClose();
  };

  return (
    <ReplacementDialogFrame
      open={open}
      title={TEMPLATES_DIALOG_TITLE}
      busy={busy}
      step={step}
      submitLabel="Replace Creatives"
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {templates.loading && !templates.data ? (
        <Text color="fg.muted">{AD_GROUPS_LOADING}</Text>
      ) : list.length === 0 ? (
        <Text color="fg.muted">{noTemplatesText(advertiserName)}</Text>
      ) : (
        <Field.Root invalid={Boolean(errors.selection)} disabled={busy}>
          <RadioGroup.Root
            value={selectedId}
            onValueChange={(details) => setSelectedId(details.value ?? '')}
            colorPalette="blue"
            size="sm"
            aria-label="Ad group templates"
            disabled={busy}
          >
            <Stack gap="2">
              {list.map((template) => (
                <RadioGroup.Item key={template.id} value={template.id} alignItems="flex-start">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>
                    <Text fontWeight="semibold">{template.name}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {`${template.createdBy}, ${formatShortDate(template.createdAt)}${
                        template.description ? ` — ${template.description}` : ''
                      }`}
                    </Text>
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
          <Field.ErrorText>{errors.selection}</Field.ErrorText>
        </Field.Root>
      )}
      {selectedId ? (
        <Box>
          <TemplateCreatives templateId={selectedId} />
        </Box>
      ) : null}
      <Field.Root invalid={Boolean(errors.landingPage)} required disabled={busy}>
        <Field.Label>Landing Page</Field.Label>
        <HStack width="full">
          <Input type="url" value={landingPage} onChange={(event) => setLandingPage(event.currentTarget.value)} />
        </HStack>
        <Field.ErrorText>{errors.landingPage}</Field.ErrorText>
      </Field.Root>
    </ReplacementDialogFrame>
  );
}
