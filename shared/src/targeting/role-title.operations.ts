import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { MAX_ID_LENGTH } from '../ids';
import { ZRoleTitleChoice, ZRoleType } from './role-title.schema';

export const listRoleTitles = defineOperation({
  name: 'listRoleTitles',
  method: 'GET',
  path: '/api/roleTitle/getRoleTitleList',
  auth: 'user',
  response: z.array(ZRoleType),
  summary: 'Role types with their roles and bidder segments, for the Role/Title step.',
  specRef: '001 §7',
});

export const getCampaignTemplateRoleTitles = defineOperation({
  name: 'getCampaignTemplateRoleTitles',
  method: 'GET',
  path: '/api/roleTitle/campaignTemplate/{id}',
  auth: 'user',
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)) }),
  response: z.array(ZRoleTitleChoice),
  summary:
    "The roles saved in one of the caller's campaign templates (001 §7 'get role titles for template id'); {id} is the template id.",
  specRef: '001 §7',
});
