import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { MAX_ID_LENGTH } from '../ids';
import { PAGE_100 } from '../api/payload';
import { ZCampaignTemplate, ZCampaignTemplateInput, ZCampaignTemplateUpdateInput } from './campaign-template.schema';

export const listCampaignTemplatesByUser = defineOperation({
  name: 'listCampaignTemplatesByUser',
  method: 'GET',
  path: '/api/campaign/templates/{id}',
  auth: 'user',
  // The spec writes `{userId}`; API Gateway allows one variable name per path level and the PUT below
  // uses `{id}` there, so it is `{id}` here too.
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)) }),
  response: z.array(ZCampaignTemplate),
  paged: PAGE_100,
  summary:
    "The caller's campaign templates (templates are per user); {id} is the spec's {userId} and must be the caller's own user name, else 404.",
  specRef: '001 §7',
});

export const createCampaignTemplate = defineOperation({
  name: 'createCampaignTemplate',
  method: 'POST',
  path: '/api/campaign/templates',
  auth: 'user',
  body: ZCampaignTemplateInput,
  response: ZCampaignTemplate,
  summary: 'Saves a campaign template owned by the caller.',
  specRef: '001 §7',
});

export const updateCampaignTemplate = defineOperation({
  name: 'updateCampaignTemplate',
  method: 'PUT',
  path: '/api/campaign/templates/{id}',
  auth: 'user',
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)) }),
  body: ZCampaignTemplateUpdateInput,
  response: ZCampaignTemplate,
  summary:
    "Replaces one of the caller's campaign templates while it is still the version sent (`updatedAt`, else 409); steps dropped from the stored templateSteps have their data cleared (001 §4).",
  specRef: '001 §7',
});

export const deleteCampaignTemplate = defineOperation({
  name: 'deleteCampaignTemplate',
  method: 'DELETE',
  path: '/api/campaign/templates',
  auth: 'user',
  body: z.object({ id: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)) }),
  response: z.object({ id: z.string() }),
  summary:
    "Deletes one of the caller's campaign templates (001 §7 'delete template by id'); a colleague's, another agency's or a missing one answers 404.",
  specRef: '001 §7',
});
