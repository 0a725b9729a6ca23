import type { HubspotCompaniesDeps } from '../../domain/crm/hubspot-companies.use-case';
import { companyMatchingDeps, hubspotReadDeps } from '../wiring';
import { hubspotRecords } from './hubspot-records';

/** The ports of the HubSpot company reads (tiers, properties, searches, lists): the portal and the company matcher. */
export function hubspotCompaniesDeps(): HubspotCompaniesDeps {
  return {
    ...hubspotReadDeps(),
    records: hubspotRecords(),
    matching: companyMatchingDeps(),
  };
}
