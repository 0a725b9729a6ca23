import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { PAGE_100 } from '../api/payload';
import { zId } from '../ids';
import { ZAdGroup, ZAdGroupCreate, ZAdGroupTemplate, ZAdGroupTemplateCreate } from './ad-group.schema';

export const createAdGroup = defineOperation({
  name: 'createAdGroup',
  method: 'POST',
  path: '/api/adgroups/create',
  auth: 'user',
  body: ZAdGroupCreate,
  response: ZAdGroup,
  summary: "Creates an ad group for one of the caller's advertisers under the (possibly not yet created) campaign id.",
  specRef: '001 §7',
});

export const createAdGroupTemplate = defineOperation({
  name: 'createAdGroupTemplate',
  method: 'POST',
  path: '/api/adgroups/templates/create',
  auth: 'user',
  body: ZAdGroupTemplateCreate,
  response: ZAdGroupTemplate,
  summary: 'Saves an ad-group template of an advertiser (its creatives follow through /creatives/templates/create).',
  specRef: '001 §7',
});

export const listAdGroupTemplates = defineOperation({
  name: 'listAdGroupTemplates',
  method: 'GET',
  path: '/api/adgroups/templates/{advertiserId}',
  auth: 'user',
  params: z.object({ advertiserId: zId('advertiser') }),
  response: z.array(ZAdGroupTemplate),
  paged: PAGE_100,
  summary:
    "The advertiser's ad-group templates, newest first (the Saved AdGroups tab). Paged: each page is sorted so; across pages the order is the store's, and a client that needs the whole list in that order sorts what it loaded (the web does).",
  specRef: '001 §7',
});

export const getAdGroupTemplate = defineOperation({
  name: 'getAdGroupTemplate',
  method: 'GET',
  path: '/api/adgroups/template/{id}',
  auth: 'user',
  params: z.object({ id: zId('adGroupTemplate') }),
  response: ZAdGroupTemplate,
  summary:
    "Path ours: one ad-group template by id, for the template editor, which 'fetches the ad group by selected template id' (001 §4).",
  specRef: '001 §4, §7 (other operations)',
});

export const getAdGroup = defineOperation({
  name: 'getAdGroup',
  method: 'GET',
  path: '/api/adGroups/{id}',
  auth: 'user',
  params: z.object({ id: zId('adGroup') }),
  response: ZAdGroup,
  summary: "One ad group of the caller's agency (001 §7 'get ad group by id').",
  specRef: '001 §7',
});

export const listAdGroupsByCampaign = defineOperation({
  name: 'listAdGroupsByCampaign',
  method: 'GET',
  path: '/api/adGroups/adgroupbybgcampaignid/{id}',
  auth: 'user',
  params: z.object({ id: zId('campaign') }),
  response: z.array(ZAdGroup),
  paged: PAGE_100,
  summary:
    "The campaign's ad groups, newest first ('Campaign Creative List'). Paged: each page is sorted so; across pages the order is the store's, and a client that needs the whole list in that order sorts what it loaded (the web does).",
  specRef: '000 §7, 001 §7',
});

export const deleteAdGroup = defineOperation({
  name: 'deleteAdGroup',
  method: 'DELETE',
  path: '/api/adGroups/delete',
  auth: 'user',
  body: z.object({ adGroupId: zId('adGroup') }),
  response: z.object({ adGroupId: zId('adGroup') }),
  summary: "Deletes an ad group of the caller's agency (its creatives are deleted one by one with /creatives/delete).",
  specRef: '000 §7, 001 §7',
});
