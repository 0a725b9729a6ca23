import { getHubspotCompanyProperties as operation } from '@bidgrid/shared/crm/crm.operations';
import { hubspotCompaniesDeps } from '../adapters/crm/hubspot-companies-deps';
import { getHubspotCompanyProperties } from '../domain/crm/hubspot-companies.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/hubspot/companies/properties/{id}`: the company property definitions of the advertiser's portal. */
export const { handler, raw } = httpHandler(operation, ({ caller, params }) =>
  getHubspotCompanyProperties({ agencyId: caller.agencyId, advertiserId: params.id }, hubspotCompaniesDeps()),
);
