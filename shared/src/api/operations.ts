import type { AnyOperation } from './operation';
import * as adgroup from '../ad-groups/ad-group.operations';
import * as advertiserCreate from '../advertisers/advertiser-create.operations';
import * as advertiserPage from '../advertisers/advertiser-page.operations';
import * as advertiserReads from '../advertisers/advertiser.operations';
import * as agency from '../agency/agency.operations';
import * as billing from '../billing/billing.operations';
import * as campaign from '../campaigns/campaign.operations';
import * as creative from '../ad-groups/creative.operations';
import * as crm from '../crm/crm.operations';
import * as crmCard from '../crm-card/crm-card.operations';
import * as domainList from '../lists/domain-list.operations';
import * as geo from '../targeting/geo.operations';
import * as health from '../health/health.operations';
import * as lineItem from '../campaigns/line-item.operations';
import * as payments from '../billing/payments.operations';
import * as report from '../reports/report.operations';
import * as roleTitle from '../targeting/role-title.operations';
import * as segment from '../segments/segment.operations';
import * as segmentsLog from '../segments/segments-log.operations';
import * as template from '../templates/template.operations';

/**
 * The advertiser feature's calls: its reads, and the create call in a file of its own (its body's phone
 * rule is heavy, and only the create paths should load it).
 */
const advertiser = { ...advertiserReads, ...advertiserCreate, ...advertiserPage };

/**
 * The operations by feature (the files below), in the table's order; the API reference groups them so.
 * Add a feature file beside this one (exporting operations only) and name it here: the table, CDK, the
 * local gateway, the web client, the security test and the reference follow.
 */
export const operationFeatures = {
  agency,
  advertiser,
  billing,
  segmentsLog,
  payments,
  crm,
  campaign,
  report,
  lineItem,
  adgroup,
  creative,
  geo,
  roleTitle,
  domainList,
  segment,
  crmCard,
  template,
  health,
} as const satisfies Record<string, Record<string, AnyOperation>>;

/**
 * The operation table: every REST call of spec 000 §7 and 001 §7, plus ours (health, Stripe webhook,
 * presigned uploads, the signed-in twins of CRM-card calls).
 */
export const operations: readonly AnyOperation[] = Object.values(operationFeatures).flatMap((feature): AnyOperation[] =>
  Object.values(feature),
);

export const operationsByName: ReadonlyMap<string, AnyOperation> = new Map(operations.map((op) => [op.name, op]));

export {
  adgroup,
  advertiser,
  agency,
  billing,
  campaign,
  creative,
  crm,
  crmCard,
  domainList,
  geo,
  health,
  lineItem,
  payments,
  report,
  roleTitle,
  segment,
  segmentsLog,
  template,
};
