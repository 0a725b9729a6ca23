import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { PAGE_100 } from '../api/payload';
import { zId } from '../ids';
import { ZDomainList, ZDomainListCreate, ZPublicList } from './domain-list.schema';

export const createDomainList = defineOperation({
  name: 'createDomainList',
  method: 'POST',
  path: '/api/domainlist/create',
  auth: 'user',
  body: ZDomainListCreate,
  response: ZDomainList,
  summary:
    "Creates a custom domain list of one of the caller's advertisers, here and at the bidder (duplicates dropped).",
  specRef: '001 §7',
});

export const listDomainListsByAdvertiser = defineOperation({
  name: 'listDomainListsByAdvertiser',
  method: 'GET',
  path: '/api/domainlist/advertiser/{id}',
  auth: 'user',
  params: z.object({ id: zId('advertiser') }),
  response: z.array(ZDomainList),
  paged: PAGE_100,
  summary: "The advertiser's custom domain lists ({id} is the advertiser id).",
  specRef: '001 §7',
});

export const listPublicDomainLists = defineOperation({
  name: 'listPublicDomainLists',
  method: 'GET',
  path: '/api/domainlist/public',
  auth: 'user',
  response: z.array(ZPublicList),
  summary: 'The public publication lists shared by every agency (SINGLE and SPLIT).',
  specRef: '001 §7',
});
