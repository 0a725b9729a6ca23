import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { PAGE_100 } from '../api/payload';
import { zId } from '../ids';
import { ZAdvertiser, ZAdvertiserCategory } from './advertiser.schema';
import { ZBillingLog } from '../billing/billing.schema';

// `POST /advertiser/create` is in `advertiser-create.operations.ts`: its body's phone rule is heavy, and
// every screen and handler that reads advertisers imports this file.

export const getAdvertiser = defineOperation({
  name: 'getAdvertiser',
  method: 'GET',
  path: '/api/advertiser/{id}',
  auth: 'user',
  params: z.object({ id: zId('advertiser') }),
  response: ZAdvertiser,
  summary: "One advertiser of the caller's agency (another agency's id answers 404).",
  specRef: '000 §7',
});

export const listAdvertisersByAgency = defineOperation({
  name: 'listAdvertisersByAgency',
  method: 'GET',
  path: '/api/advertiser/agency/{agencyId}',
  auth: 'user',
  params: z.object({ agencyId: zId('agency') }),
  response: z.array(ZAdvertiser),
  // The path's agency id is ignored, as the user name of getAgencyAssignedToUser: the token decides.
  paged: PAGE_100,
  summary:
    "The caller's agency's advertisers sorted by name; the path's agencyId is ignored (the token decides). Paged: each page is sorted so; across pages the order is the store's, and a client that needs the whole list in that order sorts what it loaded (the web does).",
  specRef: '000 §7',
});

export const listAdvertiserCategories = defineOperation({
  name: 'listAdvertiserCategories',
  method: 'GET',
  path: '/api/advertiser/categories',
  auth: 'user',
  response: z.array(ZAdvertiserCategory),
  summary: "The bidder's advertiser categories (IAB codes and names).",
  specRef: '000 §7',
});

export const listAdvertiserBillingLogs = defineOperation({
  name: 'listAdvertiserBillingLogs',
  method: 'GET',
  path: '/api/advertiser/billinglog/{advertiserId}',
  auth: 'user',
  params: z.object({ advertiserId: zId('advertiser') }),
  response: z.array(ZBillingLog),
  paged: PAGE_100,
  summary: "Billing logs of one of the caller's advertisers, newest first, one page at a time.",
  specRef: '000 §7',
});
