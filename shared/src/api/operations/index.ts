import type { AnyOperation } from '../operation';
import * as adgroup from './adgroup.operations';
import * as advertiserCreate from './advertiser-create.operations';
import * as advertiserPage from './advertiser-page.operations';
import * as advertiserReads from './advertiser.operations';
import * as agency from './agency.operations';
import * as billing from './billing.operations';
import * as campaign from './campaign.operations';
import * as creative from './creative.operations';
import * as crm from './crm.operations';
import * as crmCard from './crm-card.operations';
import * as domainList from './domain-list.operations';
import * as geo from './geo.operations';
import * as health from './health.operations';
import * as lineItem from './line-item.operations';
import * as payments from './payments.operations';
import * as report from './report.operations';
import * as roleTitle from './role-title.operations';
import * as segment from './segment.operations';
import * as segmentsLog from './segments-log.operations';
import * as template from './template.operations';

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
