import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { PAGE_100 } from '../api/payload';
import { zId } from '../ids';
import { ZBidderId, ZWebUrl } from '../common/common.schema';
import {
  ZCreative,
  ZCreativeChangeForm,
  ZCreativeForm,
  ZCreativeTemplate,
  ZCreativeTemplateForm,
  ZCreativeUploadRequest,
  ZCreativeUploadUrl,
} from './creative.schema';

export const getCreativeUploadUrl = defineOperation({
  name: 'getCreativeUploadUrl',
  method: 'GET',
  path: '/api/creatives/uploadurl',
  auth: 'user',
  query: ZCreativeUploadRequest,
  response: ZCreativeUploadUrl,
  summary:
    "Path ours (ARCHITECTURE: uploads by presigned URL): checks the advertiser, file type and size, then issues a short-lived presigned PUT URL under the caller's agency and the sourceUrl to pass to the creative calls.",
  specRef: 'ours (001 §5 limits)',
});

export const uploadCreative = defineOperation({
  name: 'uploadCreative',
  method: 'POST',
  path: '/api/creatives/upload',
  auth: 'user',
  body: ZCreativeForm,
  bodyKind: 'form',
  response: ZCreative,
  summary:
    'Uploads one creative of the ad group being made (the file, or the sourceUrl of a presigned upload) and creates it at the bidder.',
  specRef: '001 §7',
});

export const createCreative = defineOperation({
  name: 'createCreative',
  method: 'POST',
  path: '/api/creatives/create',
  auth: 'user',
  body: ZCreativeForm,
  bodyKind: 'form',
  response: ZCreative,
  summary:
    'Creates a creative in an ad group from an existing asset (a creative template source or an uploaded sourceUrl), e.g. when choosing creatives from templates.',
  specRef: '001 §7',
});

export const changeCreative = defineOperation({
  name: 'changeCreative',
  method: 'POST',
  path: '/api/creatives/change',
  auth: 'user',
  body: ZCreativeChangeForm,
  bodyKind: 'form',
  response: ZCreative,
  summary: 'Replaces the asset and fields of an existing creative (bg_creative_id) here and at the bidder.',
  specRef: '001 §7',
});

export const createCreativeTemplate = defineOperation({
  name: 'createCreativeTemplate',
  method: 'POST',
  path: '/api/creatives/templates/create',
  auth: 'user',
  body: ZCreativeTemplateForm,
  bodyKind: 'form',
  response: ZCreativeTemplate,
  summary: "Saves a newly uploaded creative as a creative template of an ad-group template of the caller's agency.",
  specRef: '001 §7',
});

export const updateCreativesLandingPage = defineOperation({
  name: 'updateCreativesLandingPage',
  method: 'PUT',
  path: '/api/creatives/updateLandingPage',
  auth: 'user',
  body: z.object({ adGroupId: zId('adGroup'), landingPage: ZWebUrl }),
  response: z.array(ZCreative),
  summary: 'Sets the landing page (click URL) of every creative of the ad group; answers the updated creatives.',
  specRef: '000 §7, 001 §7',
});

export const deleteCreative = defineOperation({
  name: 'deleteCreative',
  method: 'DELETE',
  path: '/api/creatives/delete',
  auth: 'user',
  body: z.object({ bgCreativeId: zId('creative'), beeswaxCreativeId: ZBidderId }),
  response: z.object({ bgCreativeId: zId('creative') }),
  summary: "Deletes a creative of the caller's agency here and at the bidder (the stored asset is removed too).",
  specRef: '000 §7, 001 §7',
});

export const listCreativesByAdGroup = defineOperation({
  name: 'listCreativesByAdGroup',
  method: 'GET',
  path: '/api/creatives/creativesbyadgroupid/{id}',
  auth: 'user',
  params: z.object({ id: zId('adGroup') }),
  response: z.array(ZCreative),
  paged: PAGE_100,
  summary: "The ad group's creatives (ids collected after upload; assets on the dashboard), one page at a time.",
  specRef: '000 §7, 001 §7',
});

export const listCreativeTemplatesByAdGroupTemplate = defineOperation({
  name: 'listCreativeTemplatesByAdGroupTemplate',
  method: 'GET',
  path: '/api/creatives/templates/creativesbyadgroupid/{id}',
  auth: 'user',
  params: z.object({ id: zId('adGroupTemplate') }),
  response: z.array(ZCreativeTemplate),
  paged: PAGE_100,
  summary: 'The creative templates of an ad-group template ({id} is the ad-group template id), one page at a time.',
  specRef: '001 §7',
});
