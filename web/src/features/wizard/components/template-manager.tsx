import { Badge, Button, Card, Heading, HStack, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { STEPS, TOAST_MS, type TStepName } from '@bidgrid/shared/constants';
import type { TCampaignTemplate } from '@bidgrid/shared/templates/campaign-template.schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSession } from '@/lib/session/session-context';
import { toaster } from '@/lib/toaster';
import { useCampaignTemplates, useDeleteCampaignTemplate, useWizardAdvertisers } from '../api/wizard-calls';
import type { TDraftStore } from '../draft-store';
import { useOpenTemplate } from '../hooks/use-template-fetches';
import { stepEntry, sortSteps } from '../wizard-flow';
import { templateDeletedMessage, WIZARD_MESSAGES as W } from '../wizard-messages';
import { useStepAvailability } from './campaign-wizard';
import { EditTemplateDialog } from './edit-template-dialog';
import { TemplateListStates } from './template-list-states';

/** A template's optional steps as the stepper names them, in step order. */
const stepLabels = (steps: readonly TStepName[]): string[] =>
  sortSteps(steps.map(stepEntry)).map((step) => STEPS[step.name].label);

/** One template: its name, its campaign's name, its optional steps, Edit and Delete. */
function TemplateCard({
  template,
  canEdit,
  onEdit,
  onDelete,
}: {
  template: TCampaignTemplate;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const headingId = useId();
  const labels = stepLabels(template.templateSteps);
  return (
    <Card.Root as="li" aria-labelledby={headingId} size="sm">
      <Card.Body gap="3">
        <Stack gap="1">
          <Heading as="h2" id={headingId} size="md">
            {template.templateName}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {template.name}
          </Text>
        </Stack>
        {labels.length > 0 ? (
          <Wrap as="ul" gap="2" listStyleType="none" aria-label="Optional steps">
            {labels.map((label) => (
              <Badge as="li" key={label} colorPalette="blue" variant="subtle">
                {label}
              </Badge>
            ))}
          </Wrap>
        ) : (
          <Text fontSize="sm">{W.noOptionalSteps}</Text>
        )}
      </Card.Body>
      <Card.Footer>
        <HStack gap="2">
          <Button
            size="sm"
            colorPalette="blue"
            onClick={onEdit}
            disabled={!canEdit}
            aria-label={`Edit ${template.templateName}`}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={onDelete}
            aria-label={`Delete ${template.templateName}`}
          >
            Delete
          </Button>
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}

/**
 * Manage campaign templates (001 §2): the user's templates as cards with their name and optional steps.
 * Edit opens 'Edit Template' (the step choice, Continue, Cancel); Continue opens the template (001 §4
 * "Template edit": the draft seeded from it, its ad group and role titles fetched) with the chosen
 * steps, and the route runs the wizard ending with 'Save'. Delete asks 'Are you sure you want to delete
 * this template?' (Yes/No); the card goes once the list has reloaded.
 */
export function TemplateManager({ store }: { store: TDraftStore }) {
  const session = useSession();
  const templates = useCampaignTemplates(session.userName);
  const advertisers = useWizardAdvertisers(session.agency?.agencyId ?? null);
  const available = useStepAvailability();
  const { opening, open } = useOpenTemplate(store, advertisers.data ?? []);
  const { mutate: deleteTemplate } = useDeleteCampaignTemplate();
  const [editing, setEditing] = useState<TCampaignTemplate | null>(null);
  const [deleting, setDeleting] = useState<TCampaignTemplate | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  const openEdit = async (template: TCampaignTemplate, layers: TStepName[]): Promise<void> => {
    await open(template, { kind: 'editTemplate', layers });
    setEditing(null);
  };

  const remove = async (template: TCampaignTemplate): Promise<void> => {
    setDeleteBusy(true);
    try {
      // Resolves once the template lists have reloaded, so the card is gone when the dialog closes.
      await deleteTemplate({ body: { id: template.id } });
      toaster.create({
        type: 'success',
        title: templateDeletedMessage(template.templateName),
        duration: TOAST_MS.default,
        closable: true,
      });
    } catch (error) {
      // 001 §8: a delete failure is only logged (the API client has shown its toast).
      console.error(`Template ${template.id} was not deleted`, error);
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {W.manageHeading}
      </Heading>
      <TemplateListStates templates={templates}>
        {(list) => (
          <SimpleGrid
            as="ul"
            columns={{ base: 1, md: 2, lg: 3 }}
            gap="4"
            listStyleType="none"
            aria-label="Campaign templates"
          >
            {list.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                canEdit={advertisers.progress.done}
                onEdit={() => setEditing(template)}
                onDelete={() => setDeleting(template)}
              />
            ))}
          </SimpleGrid>
        )}
      </TemplateListStates>
      {editing ? (
        <EditTemplateDialog
          template={editing}
          available={available}
          busy={opening}
          onCancel={() => setEditing(null)}
          onContinue={(layers) => void openEdit(editing, layers)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={W.deleteTemplateQuestion}
        confirmLabel="Yes"
        cancelLabel="No"
        confirmPalette="red"
        busy={deleteBusy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      >
        {deleting ? `"${deleting.templateName}" will be deleted. Campaigns made from it are kept.` : undefined}
      </ConfirmDialog>
    </Stack>
  );
}
