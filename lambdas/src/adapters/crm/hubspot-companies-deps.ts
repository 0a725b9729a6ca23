import type { HubspotCompaniesDeps } from '../../domain/crm/hubspot-companies.use-case';
import { companyMatcher } from '../company-match/company-match-client';
import { companyLookupCacheRepository } from '../repositories/company-lookup-cache.repository';
import { segmentsLogRepository } from '../repositories/segments-log.repository';
import { hubspotReadDeps } from '../wiring';
import { hubspotRecords } from './hubspot-records';

/** The ports of the HubSpot company reads (tiers, properties, searches, lists): the portal and the company matcher. */
export function hubspotCompaniesDeps(): HubspotCompaniesDeps {
  return {
    ...hubspotReadDeps(),
    records: hubspotRecords(),
    matching: {
      matcher: companyMatcher(),
      lookupCache: companyLookupCacheRepository,
      segmentsLog: segmentsLogRepository,
      now: () => new Date(),
    },
  };
}
