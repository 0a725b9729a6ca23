import { ABM_STEPS, STEPS } from '@bidgrid/shared/constants';
import type { TStepName } from '@bidgrid/shared/constants';
import type { TPlaybook } from '@bidgrid/shared/agency/playbook.schema';

/** A playbook's wizard steps, in the given order, with the labels and step numbers of 001 §2. */
function steps(names: readonly TStepName[]): TPlaybook['campaignSteps'] {
  return names.map((name) => ({ name, order: STEPS[name].order, label: STEPS[name].label }));
}

/**
 * The playbook cards of the dashboard (spec 001 §3: id, icon, title, description list, campaign
 * steps). Each one starts the wizard with a step list fit for a common B2B account-based goal.
 * Every list keeps the fixed steps (advertiser, details, landing page, ad group, summary) and picks
 * optional layers between them. The local seeder and the cloud seed job store exactly these.
 */
export const PLAYBOOKS_SEED: readonly TPlaybook[] = [
  {
    id: 'bg-playbook-target-account-list',
    icon: 'target',
    title: 'Target Account List Activation',
    description: [
      'Advertise only to the companies on your CRM target account list.',
      'A CRM workflow switches each account on or off as deals move.',
      'Re-target the contacts of those accounts and narrow by role or title.',
    ],
    campaignSteps: steps(ABM_STEPS),
  },
  {
    id: 'bg-playbook-pipeline-acceleration',
    icon: 'chart',
    title: 'Pipeline Acceleration',
    description: [
      'Stay in front of buying committees at accounts with open opportunities.',
      'Combine target companies with CRM and website visitor re-targeting.',
      'Measure matched accounts, clicks and conversions per company.',
    ],
    campaignSteps: steps([
      'select advertiser',
      'campaign details',
      'target companies',
      'CRM retargeting segments',
      'visitors retargeting segments',
      'landing page',
      'ad group page',
      'summary page',
    ]),
  },
  {
    id: 'bg-playbook-product-launch',
    icon: 'rocket',
    title: 'Product Launch to Decision Makers',
    description: [
      'Announce a launch to the roles that decide, at the companies that fit.',
      'Upload a company list or pick companies, then choose roles and titles.',
      'Run the ads on the publications your buyers read.',
    ],
    campaignSteps: steps([
      'select advertiser',
      'campaign details',
      'target companies',
      'role titles',
      'publication lists',
      'landing page',
      'ad group page',
      'summary page',
    ]),
  },
  {
    id: 'bg-playbook-regional-events',
    icon: 'users',
    title: 'Regional Events and Field Marketing',
    description: [
      'Fill an event or roadshow with attendees from the region around it.',
      'Target states or provinces and ZIP codes around the venue.',
      'Follow up with the people who visited the event page.',
    ],
    campaignSteps: steps([
      'select advertiser',
      'campaign details',
      'state provinces',
      'zip codes',
      'visitors retargeting segments',
      'landing page',
      'ad group page',
      'summary page',
    ]),
  },
];
