import { getCompanySortValues as operation } from '@bidgrid/shared/crm/crm.operations';
import { hubspotCompaniesDeps } from '../adapters/crm/hubspot-companies-deps';
import { getCompanySortValues } from '../domain/crm/hubspot-companies.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/hubspot/companies/sortvalues/{id}`: the ideal-customer-profile tiers of the advertiser's portal. */
export const { handler, raw } = httpHandler(operation, ({ caller, params }) =>
  getCompanySortValues({ agencyId: caller.agencyId, advertiserId: params.id }, hubspotCompaniesDeps()),
);
