import type { TStepName } from '@bidgrid/shared/constants';
import type { TAdGroupTemplate } from '@bidgrid/shared/entities/ad-group.schema';
import type { TAdvertiser } from '@bidgrid/shared/entities/advertiser.schema';
import type { TCampaignDraft } from '@bidgrid/shared/entities/campaign-draft.schema';
import type {
  TCampaignTemplate,
  TCampaignTemplateInput,
  TCampaignTemplateUpdateInput,
} from '@bidgrid/shared/entities/campaign-template.schema';
import type { TCampaignStep } from '@bidgrid/shared/entities/playbook.schema';
import type { TRoleTitleChoice } from '@bidgrid/shared/entities/role-title.schema';
import { clearDroppedStepData } from '@bidgrid/shared/validation/template-steps';
import { draftFromTemplate } from './template-seed';
import { stepsWithLayers } from './wizard-flow';

/** What opening a template fetched besides the template itself (001 §4 "Template edit"). */
export interface TTemplateFetches {
  /** The ad-group template of `selectedAdGroupTemplate`; null when it has none or it could not be read. */
  readonly adGroupTemplate: TAdGroupTemplate | null;
  /** The template's roles as the server keeps them; null when they could not be read (the template's own then). */
  readonly roleTitles: readonly TRoleTitleChoice[] | null;
}

/** The role choices as the draft keeps them: `roleTypeId:roleId`, segments filled in by the Role/Title step. */
const cookieSetsOf = (roles: readonly TRoleTitleChoice[]): TCampaignDraft['campaignCookieSets'] =>
  Object.fromEntries(roles.map((choice) => [`${choice.roleTypeId}:${choice.roleId}`, []]));

/**
 * The draft and steps a template opens with (001 §4): Create from template runs the template's own steps;
 * Edit Template runs the steps chosen in its dialog (`layers`), with 'Campaign Template Details' and
 * 'Save'. Both seed the draft from the template (`draftFromTemplate`), with the ad-group template and the
 * role titles fetched for it. The draft keeps the template's id, its saved steps (the update rule compares
 * the chosen steps with them when the edit is saved) and its version (`campaignTemplate`).
 */
export function draftForTemplateFlow(
  template: TCampaignTemplate,
  advertisers: readonly TAdvertiser[],
  today: string,
  flow: { kind: 'fromTemplate' } | { kind: 'editTemplate'; layers: readonly TStepName[] },
  fetched: TTemplateFetches,
): { draft: TCampaignDraft; steps: TCampaignStep[] } {
  const seeded = draftFromTemplate(template, advertisers, today);
  const steps = flow.kind === 'editTemplate' ? stepsWithLayers('editTemplate', flow.layers) : seeded.steps;
  const draft: TCampaignDraft = {
    ...seeded.draft,
    selectedAdGroupTemplate: fetched.adGroupTemplate ?? seeded.draft.selectedAdGroupTemplate,
    campaignCookieSets: fetched.roleTitles ? cookieSetsOf(fetched.roleTitles) : seeded.draft.campaignCookieSets,
    campaignSteps: steps,
    campaignTemplateName: template.templateName,
    campaignTemplate: {
      id: template.id,
      templateSteps: [...template.templateSteps],
      updatedAt: template.updatedAt,
    },
  };
  return { draft, steps };
}

/**
 * Whether the stored flow is an edit of a saved template: the steps hold 'Campaign Template Details'
 * (only the template flows do) and the draft names the template (only an edit or Create from template
 * does, and Create from template runs 'Campaign Details').
 */
export const isTemplateEdit = (draft: TCampaignDraft, steps: readonly { name: TStepName }[]): boolean =>
  draft.campaignTemplate !== null && steps.some((step) => step.name === 'campaign template details');

/**
 * The body of `PUT /campaign/templates/{id}` for an edit (001 §4 "Template update"): the template payload
 * with the data of every step the saved template had and the chosen steps no longer have cleared (the
 * shared rule the server applies too), and the version the edit started from.
 */
export function templateUpdateBody(
  payload: TCampaignTemplateInput,
  opened: TCampaignDraft['campaignTemplate'],
): { id: string; body: TCampaignTemplateUpdateInput } {
  if (!opened?.updatedAt) throw new Error(TEMPLATE_NOT_OPENED);
  return {
    id: opened.id,
    body: {
      ...clearDroppedStepData(payload, opened.templateSteps, payload.templateSteps),
      id: opened.id,
      updatedAt: opened.updatedAt,
    },
  };
}

/** Ours: an edit whose draft lost the template it was opened from (an old stored draft). */
export const TEMPLATE_NOT_OPENED =
  'This template was not opened for editing. Please open it again from Edit Campaign Templates.';
