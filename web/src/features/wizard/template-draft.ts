import type { TStepName } from '@bidgrid/shared/constants';
import type { TAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type { TCampaignTemplate } from '@bidgrid/shared/templates/campaign-template.schema';
import type { TCampaignStep } from '@bidgrid/shared/agency/playbook.schema';
import type { TRoleTitleChoice } from '@bidgrid/shared/targeting/role-title.schema';
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
 * role titles fetched for it. `draftFromTemplate` keeps the template's id, its saved steps (the update rule
 * compares the chosen steps with them when the edit is saved) and its version (`campaignTemplate`).
 */
export function draftForTemplateFlow(
  template: TCampaignTemplate,
  advertisers: readonly TAdvertiser[],
  today: string,
  flow: { kind: 'fromTemplate' } | { kind: 'editTemplate'; layers: readonly TStepName[] },
  fetched: TTemplateFetches,
): { draft: TCampaignDraft; steps: TCampaignStep[] } {
  // draftFromTemplate keeps the fetched ad group only when it is still the template's advertiser's and media's.
  const seeded = draftFromTemplate(template, advertisers, today, fetched.adGroupTemplate);
  const steps = flow.kind === 'editTemplate' ? stepsWithLayers('editTemplate', flow.layers) : seeded.steps;
  const draft: TCampaignDraft = {
    ...seeded.draft,
    campaignCookieSets: fetched.roleTitles ? cookieSetsOf(fetched.roleTitles) : seeded.draft.campaignCookieSets,
    campaignSteps: steps,
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
