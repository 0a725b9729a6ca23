import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { PAGE_100 } from '../api/payload';
import { zId } from '../ids';
import { ZEmailSegmentCreate, ZRetargetingSegment, ZSegmentCreate } from './retargeting-segment.schema';

export const listSegmentsByAdvertiser = defineOperation({
  name: 'listSegmentsByAdvertiser',
  method: 'GET',
  path: '/api/segments/advertiser/{advertiserId}',
  auth: 'user',
  params: z.object({ advertiserId: zId('advertiser') }),
  response: z.array(ZRetargetingSegment),
  paged: PAGE_100,
  summary:
    "Path ours (001 §7 'fetch segments by advertiser'): the retargeting segments of one of the caller's advertisers, for the signed-in pages (the /public/crmcard twin is for the CRM card).",
  specRef: '001 §7 (other operations)',
});

export const createSegment = defineOperation({
  name: 'createSegment',
  method: 'POST',
  path: '/api/segments/create',
  auth: 'user',
  body: ZSegmentCreate,
  response: ZRetargetingSegment,
  summary:
    "Path ours: the create-segment modal of the signed-in pages; creates a bidder segment for one of the caller's advertisers (the /public/crmcard twin is for the CRM card).",
  specRef: '001 §2, §5',
});

export const createEmailSegment = defineOperation({
  name: 'createEmailSegment',
  method: 'POST',
  path: '/api/segments/emails',
  auth: 'user',
  body: ZEmailSegmentCreate,
  response: ZRetargetingSegment,
  summary:
    "Ours (the /crm-retargeting page's Save): makes a bidder segment 'Hashed Emails for {name}' of one of the caller's advertisers from CRM or uploaded e-mails, uploaded hashed; a campaign makes its own at creation.",
  specRef: '001 §2 CRM Re-targeting',
});
