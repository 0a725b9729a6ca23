import { STEPS, TARGETING_LAYERS, type TStepName } from '@bidgrid/shared/constants';
import type { TCampaignType } from '@bidgrid/shared/campaigns/campaign.schema';
import type { TCampaignStep } from '@bidgrid/shared/agency/playbook.schema';
import type { TWizardFlow } from '@/lib/wizard-step';

/**
 * The wizard's flows and step lists (001 §2): which steps a flow runs, in which order, what its last
 * button says and which steps a user may click. Pure, so the rules are tested without a screen.
 */

/** The fixed steps every campaign flow runs (001 §2: 1, 2, 8, 9, 10). */
export const FIXED_CAMPAIGN_STEPS: readonly TStepName[] = [
  'select advertiser',
  'campaign details',
  'landing page',
  'ad group page',
  'summary page',
];

/** The template flows name their details step 'Campaign Template Details' (001 §2). */
const TEMPLATE_FLOWS: ReadonlySet<TWizardFlow> = new Set<TWizardFlow>(['createTemplate', 'editTemplate']);

/** True for the flows that make or change a campaign template rather than a campaign. */
export const isTemplateFlow = (flow: TWizardFlow): boolean => TEMPLATE_FLOWS.has(flow);

/**
 * The last step's button (001 §2: 'Create', 'Create Campaign', 'Create Template' or 'Save'). The spec
 * does not say which campaign flow says 'Create': ours is the custom flow, whose page starts with 'Get
 * Started'; the managed (ABM and playbook) and from-template flows say 'Create Campaign'.
 */
export const LAST_STEP_LABEL: Record<TWizardFlow, string> = {
  managed: 'Create Campaign',
  custom: 'Create',
  fromTemplate: 'Create Campaign',
  createTemplate: 'Create Template',
  editTemplate: 'Save',
};

/** The creation payload's `campaignType` of each campaign flow. */
export const CAMPAIGN_TYPE_OF_FLOW: Partial<Record<TWizardFlow, TCampaignType>> = {
  managed: 'managed',
  custom: 'custom',
  fromTemplate: 'from-template',
};

/** A step entry with its label and order from the one table of steps (`STEPS`). */
export const stepEntry = (name: TStepName): TCampaignStep => ({
  name,
  label: STEPS[name].label,
  order: STEPS[name].order,
});

/**
 * Sorts steps by order (001 §2), keeping the given order among equal orders (the three steps of
 * order 7 keep the order they were chosen in). Duplicates are dropped.
 */
export function sortSteps(steps: readonly TCampaignStep[]): TCampaignStep[] {
  const seen = new Set<TStepName>();
  const unique = steps.filter((step) => (seen.has(step.name) ? false : (seen.add(step.name), true)));
  return unique
    .map((step, index) => ({ step, index }))
    .sort((a, b) => a.step.order - b.step.order || a.index - b.index)
    .map(({ step }) => step);
}

/**
 * The steps a flow runs: the template flows swap 'campaign details' for 'campaign template details';
 * steps without a screen (`available` says no: the feature's slot is empty) are dropped, so a playbook
 * or the ABM list that names such a layer still runs. The result is sorted by order.
 */
export function flowSteps(
  flow: TWizardFlow,
  steps: readonly TCampaignStep[],
  available: (name: TStepName) => boolean,
): TCampaignStep[] {
  const detailsName: TStepName = isTemplateFlow(flow) ? 'campaign template details' : 'campaign details';
  const named = steps.map((step) =>
    step.name === 'campaign details' || step.name === 'campaign template details' ? stepEntry(detailsName) : step,
  );
  return sortSteps(named.filter((step) => available(step.name)));
}

/**
 * The step list of the custom and template pages: the fixed steps plus the chosen layers (001 §2).
 * The template flows get 'campaign template details'.
 */
export function stepsWithLayers(flow: TWizardFlow, layers: readonly TStepName[]): TCampaignStep[] {
  const optional = new Set(TARGETING_LAYERS.map((layer) => layer.step));
  const chosen = layers.filter((name) => optional.has(name));
  return flowSteps(flow, [...FIXED_CAMPAIGN_STEPS, ...chosen].map(stepEntry), () => true);
}

/** The optional layers of a step list (what a template keeps as `templateSteps`). */
export const optionalSteps = (steps: readonly TCampaignStep[]): TStepName[] => {
  const optional = new Set(TARGETING_LAYERS.map((layer) => layer.step));
  return steps.map((step) => step.name).filter((name) => optional.has(name));
};

/**
 * Whether a step header can be clicked (001 §2): only the ABM flow is non-linear, and there a step can
 * be clicked when it or the step before it is done. Linear flows move with Previous and Next only.
 */
export function canOpenStep(
  steps: readonly TCampaignStep[],
  index: number,
  done: ReadonlySet<TStepName>,
  nonLinear: boolean,
): boolean {
  if (!nonLinear) return false;
  const step = steps[index];
  if (!step) return false;
  if (index === 0 || done.has(step.name)) return true;
  const previous = steps[index - 1];
  return previous !== undefined && done.has(previous.name);
}
