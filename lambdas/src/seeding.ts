/**
 * The seeding API: what the local stack's seeds (`cdk/local/seed`) use to write the demo world
 * through the same code the handlers run, so seeded records are shaped exactly as real ones.
 *
 * Lint lets the local stack import from lambdas only this file, `authorizer.ts`, the job schedules
 * and handler entry files, never domain, adapters or lib modules directly: a seed that needs more
 * gets it exported here, on purpose, and a refactor of the internals has one file to keep whole.
 * Import it lazily (`await import('@bidgrid/lambdas/seeding')`) once the stack has set the
 * environment that `config()` reads.
 */
export { config } from './kernel/config';
export { createLogger } from './kernel/logger';

// Repositories and vendor clients, as the handlers use them.
export { adGroupRepository } from './adapters/repositories/ad-group.repository';
export { advertiserRepository } from './adapters/repositories/advertiser.repository';
export { agencyRepository } from './adapters/repositories/agency.repository';
export { billingRepository } from './adapters/repositories/billing.repository';
export { campaignRepository } from './adapters/repositories/campaign.repository';
export { crmConnectionRepository } from './adapters/repositories/crm-connection.repository';
export { domainListRepository } from './adapters/repositories/domain-list.repository';
export { playbookRepository } from './adapters/repositories/playbook.repository';
export { reportRepository } from './adapters/repositories/report.repository';
export { roleCatalogRepository } from './adapters/repositories/role-catalog.repository';
export { segmentsLogRepository } from './adapters/repositories/segments-log.repository';
export { templateRepository } from './adapters/repositories/template.repository';
export { segmentRepository } from './adapters/repositories/segment.repository';
export { segmentDeps } from './adapters/wiring';
export { bidderClient } from './adapters/bidder/bidder-client';
export { uncountedMetrics } from './adapters/metrics';
export { creativeStorage } from './adapters/creative-storage';
export { hubspotOAuth, hubspotRedirectUri } from './adapters/crm/hubspot-oauth';
export { paymentsGateway } from './adapters/payments';
export { tokenKeys } from './adapters/token-keys';

// Use cases and the rules that shape records: cards, CRM connections, billing history, reports.
export { NEW_ADVERTISER_STATE } from './domain/advertisers/create-advertiser.use-case';
export { createCardSetupIntent } from './domain/billing/create-card-setup-intent.use-case';
export { saveAdvertiserCard } from './domain/billing/save-advertiser-card.use-case';
export { getHubspotAuthUrl } from './domain/crm/get-hubspot-auth-url.use-case';
export { saveHubspotTokens } from './domain/crm/save-hubspot-tokens.use-case';
export { chargeKey, invoiceIdOf } from './domain/billing/bill-advertiser.use-case';
export { BILLING_LOG_TYPES, BILLING_SOURCE, failureLog, toBillingLogEntry } from './domain/billing/billing-logs';
export { invoiceHtml, invoiceSubject } from './domain/billing/invoice-document';
export { statementDescriptor } from './domain/billing/statement-descriptor';
export { syncCampaign } from './domain/reports/report-sync.use-case';
export { createCampaign } from './domain/campaigns/create-campaign.use-case';
export { createDomainList, createPublicList } from './domain/lists/domain-lists.use-case';
export { reportToday } from './domain/reports/report-rows';
export { PLAYBOOKS_SEED } from './domain/agency/playbooks.seed';
export { makeRoleCatalog, ROLE_CATALOG_SEED } from './domain/targeting/role-catalog.seed';
export { createEmailSegment, createSegment } from './domain/segments/segments.use-case';
