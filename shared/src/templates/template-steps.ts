import type { TStepName } from '../constants';
import type { TCampaignTemplate } from './campaign-template.schema';

/**
 * The template update rule (001 §4 "Template update: steps present in the saved template but absent
 * from the current steps have their data cleared (role titles, CRM segments, publication lists,
 * states, zip codes, target companies, visitor segments)"), written once: the server applies it to
 * every update against the stored template, and the web applies it before Save so the wizard shows
 * what will be kept.
 */

/** The template fields each optional step owns: clearing a step empties exactly these. */
export const TEMPLATE_STEP_FIELDS = {
  'role titles': ['roleTitles'],
  'target companies': ['foundCompanyInfo', 'matches', 'companySortValues', 'hubSpotLists'],
  'publication lists': ['selectedDomainListsIds', 'selectedDomainLists'],
  'zip codes': ['selectedZipCodes'],
  'state provinces': ['selectedGeoTargetOptions'],
  'visitors retargeting segments': ['selectedSegmentIds'],
  'CRM retargeting segments': ['foundEmailsInfo'],
} as const satisfies Partial<Record<TStepName, ReadonlyArray<keyof TCampaignTemplate>>>;

/** An optional step whose data a template keeps. */
export type TTemplateDataStep = keyof typeof TEMPLATE_STEP_FIELDS;
/** A template field owned by an optional step. */
export type TTemplateStepField = (typeof TEMPLATE_STEP_FIELDS)[TTemplateDataStep][number];

/** What each step-owned field holds once its step's data is cleared (the same as a new template's). */
const EMPTY_STEP_FIELDS: { [K in TTemplateStepField]: TCampaignTemplate[K] } = {
  roleTitles: [],
  foundCompanyInfo: null,
  matches: 0,
  companySortValues: { tier_values: [] },
  hubSpotLists: [],
  selectedDomainListsIds: [],
  selectedDomainLists: [],
  selectedZipCodes: [],
  selectedGeoTargetOptions: [],
  selectedSegmentIds: [],
  foundEmailsInfo: null,
};

const isDataStep = (step: TStepName): step is TTemplateDataStep => Object.hasOwn(TEMPLATE_STEP_FIELDS, step);

/** The steps of the saved template that the current step list no longer has (only steps that own data). */
export function droppedTemplateSteps(
  savedSteps: readonly TStepName[],
  currentSteps: readonly TStepName[],
): TTemplateDataStep[] {
  const current = new Set(currentSteps);
  return [...new Set(savedSteps)].filter(isDataStep).filter((step) => !current.has(step));
}

/**
 * `fields` with the data of every step dropped since the saved template (in `savedSteps`, not in
 * `currentSteps`) cleared, whatever `fields` held for it; every other field as it was. A step that was
 * never saved keeps what `fields` has (the rule clears what the template had, not what is sent).
 */
export function clearDroppedStepData<T extends { [K in TTemplateStepField]?: TCampaignTemplate[K] | undefined }>(
  fields: T,
  savedSteps: readonly TStepName[],
  currentSteps: readonly TStepName[],
): T {
  const cleared: Partial<Record<TTemplateStepField, unknown>> = {};
  for (const step of droppedTemplateSteps(savedSteps, currentSteps)) {
    for (const field of TEMPLATE_STEP_FIELDS[step]) cleared[field] = structuredClone(EMPTY_STEP_FIELDS[field]);
  }
  return { ...fields, ...cleared };
}
