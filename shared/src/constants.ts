/**
 * Business constants of spec 000 §9 and 001 §9. (Seed file: the shared-contract work completes it.)
 */
export const ID_PREFIX = {
  agency: 'bgAgency-',
  advertiser: 'bgAdvertiser-',
  campaign: 'bg-campaign-',
  adGroup: 'bg-ad-group-',
  adGroupTemplate: 'bg-ad-group-template-',
  creativeTemplate: 'bg-creative-template-',
  creative: 'bgCreative-',
} as const;

export const PLAYBOOK_ICONS = ['target', 'rocket', 'chart', 'users'] as const;

/** Internal step names of the wizard (spec 001 §2). */
export const STEP_NAMES = [
  'select advertiser',
  'campaign template details',
  'campaign details',
  'landing page',
  'ad group page',
  'summary page',
  'role titles',
  'target companies',
  'publication lists',
  'zip codes',
  'state provinces',
  'visitors retargeting segments',
  'CRM retargeting segments',
] as const;
export type TStepName = (typeof STEP_NAMES)[number];
