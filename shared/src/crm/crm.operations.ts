import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { PAGE_100 } from '../api/payload';
import { zId } from '../ids';
import { ZAdvertiser } from '../advertisers/advertiser.schema';
import { ZCompanyMatchResult } from '../targeting/company.schema';
import {
  ZCompanySortValues,
  ZHubspotCompanyProperty,
  ZHubspotList,
  ZHubspotListType,
  ZHubspotPage,
  ZHubspotPageKind,
  ZTargetedCompanies,
  ZTargetedCompaniesRequest,
} from './crm.schema';
import { HUBSPOT_PAGE_KINDS } from '../constants';
import { ZKeyText } from '../common/common.schema';

const advertiserParams = z.object({ id: zId('advertiser') });

export const getHubspotAuthUrl = defineOperation({
  name: 'getHubspotAuthUrl',
  method: 'GET',
  path: '/api/hubspot/auth/{advertiserId}',
  auth: 'user',
  params: z.object({ advertiserId: zId('advertiser') }),
  response: z.url(),
  summary:
    "The HubSpot authorization URL for one of the caller's advertisers, with a one-time state bound to the advertiser and caller.",
  specRef: '000 §7',
});

export const saveHubspotTokens = defineOperation({
  name: 'saveHubspotTokens',
  method: 'POST',
  path: '/api/hubspot/oauthtokens',
  auth: 'user',
  body: z.object({
    code: z.string().check(z.minLength(1), z.maxLength(2048)),
    bgAdvertiserId: zId('advertiser'),
    /** Ours: the `state` HubSpot returned beside the code; the server signed it and accepts it once. */
    state: z.string().check(z.minLength(1), z.maxLength(2048)),
  }),
  response: ZAdvertiser,
  summary:
    'Exchanges the authorization code for HubSpot tokens (kept encrypted on the server) and marks the advertiser connected with its portal id; the returned state must be the one the server issued for this caller and advertiser, unused.',
  specRef: '000 §7',
});

export const deleteHubspotTokens = defineOperation({
  name: 'deleteHubspotTokens',
  method: 'POST',
  path: '/api/hubspot/oauthtokens/delete',
  auth: 'user',
  body: z.object({ bgAdvertiserId: zId('advertiser') }),
  response: ZAdvertiser,
  summary: 'Disconnects the advertiser from HubSpot: deletes its tokens and portal link.',
  specRef: '000 §7',
});

export const getHubspotCompanyProperties = defineOperation({
  name: 'getHubspotCompanyProperties',
  method: 'GET',
  path: '/api/hubspot/companies/properties/{id}',
  auth: 'user',
  params: advertiserParams,
  response: z.array(ZHubspotCompanyProperty),
  summary: "Company property definitions of the advertiser's HubSpot portal ({id} is the advertiser id).",
  specRef: '001 §7',
});

export const getCompanySortValues = defineOperation({
  name: 'getCompanySortValues',
  method: 'GET',
  path: '/api/hubspot/companies/sortvalues/{id}',
  auth: 'user',
  params: advertiserParams,
  response: ZCompanySortValues,
  summary:
    "Path ours (001 §7 'get company sort values by advertiser id'): the ideal-customer-profile tiers of the advertiser's portal, for the HubSpot Tiers source.",
  specRef: '001 §7 (other operations)',
});

export const listHubspotLists = defineOperation({
  name: 'listHubspotLists',
  method: 'GET',
  path: '/api/hubspot/lists/{id}',
  auth: 'user',
  params: advertiserParams,
  query: z.object({ listType: z._default(ZHubspotListType, 'companies') }),
  response: z.array(ZHubspotList),
  paged: PAGE_100,
  summary:
    "HubSpot lists of the advertiser's portal ({id} is the advertiser id); listType (ours) picks company or contact lists.",
  specRef: '001 §7',
});

export const listHubspotPages = defineOperation({
  name: 'listHubspotPages',
  method: 'GET',
  path: '/api/hubspot/pages/{id}',
  auth: 'user',
  params: advertiserParams,
  query: z.object({
    types: z.pipe(
      z.pipe(
        z._default(z.string().check(z.maxLength(200)), HUBSPOT_PAGE_KINDS.join(',')),
        z.transform((value) => value.split(',').map((kind) => kind.trim())),
      ),
      z.array(ZHubspotPageKind).check(z.minLength(1)),
    ),
  }),
  response: z.array(ZHubspotPage),
  paged: PAGE_100,
  summary:
    "Pages of the advertiser's portal for the Landing Page step; types is a comma-separated list of landing_page, site_page, blogPosts.",
  specRef: '001 §7',
});

export const searchHubspotCompanies = defineOperation({
  name: 'searchHubspotCompanies',
  method: 'POST',
  path: '/api/hubspot/companies/search',
  auth: 'user',
  body: ZTargetedCompaniesRequest,
  response: ZTargetedCompanies,
  summary:
    "Path ours (001 §7 'HubSpot company fetches by tier filters'): one page of companies matching the filters, matched to IP segments; REST twin of the getTargetedCompanies event.",
  specRef: '001 §7 (other operations)',
});

export const listHubspotCompaniesByLists = defineOperation({
  name: 'listHubspotCompaniesByLists',
  method: 'POST',
  path: '/api/hubspot/companies/bylists',
  auth: 'user',
  body: z.object({
    bgAdvertiserId: zId('advertiser'),
    hubspotListIds: z.array(ZKeyText).check(z.minLength(1), z.maxLength(50)),
  }),
  response: ZCompanyMatchResult,
  summary:
    "Path ours (001 §7 'HubSpot company fetches by list ids'): the companies of the given HubSpot lists, matched to IP segments; REST twin of the getCompaniesFromList event.",
  specRef: '001 §7 (other operations)',
});
