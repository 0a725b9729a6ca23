import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { PAGE_100 } from '../api/payload';
import { zId } from '../ids';
import { ZBidderId, ZIsoDate, ZRangeTimeFrame, DEFAULT_RANGE_TIME_FRAME } from '../common/common.schema';
import { ZCampaign, ZCampaignDetailsUpdate } from './campaign.schema';
import { ZCampaignCreate, ZCampaignEvent } from './campaign-create.schema';
import { CSV_MATCH_REST_MAX_DOMAINS } from '../constants';
import { ZCompanyListEntry, ZCompanyMatchResult } from '../targeting/company.schema';
import { ZTargetingSelections } from '../targeting/targeting.schema';
import { ZCampaignActivity, ZCampaignTargetingEdit } from '../targeting/campaign-targeting-change.schema';

const campaignParams = z.object({ id: zId('campaign') });

export const getCampaign = defineOperation({
  name: 'getCampaign',
  method: 'GET',
  path: '/api/campaign/{id}',
  auth: 'user',
  params: campaignParams,
  response: ZCampaign,
  summary: "One campaign of the caller's agency with its all-time report.",
  specRef: '000 §7, 001 §7',
});

export const listCampaignsByAdvertiser = defineOperation({
  name: 'listCampaignsByAdvertiser',
  method: 'GET',
  path: '/api/campaign/allbyadvertiser/{advertiserId}',
  auth: 'user',
  params: z.object({ advertiserId: zId('advertiser') }),
  query: z.object({ timeFrame: z._default(ZRangeTimeFrame, DEFAULT_RANGE_TIME_FRAME) }),
  response: z.array(ZCampaign),
  paged: PAGE_100,
  summary:
    "The advertiser's campaigns newest first, archived ones included, each with campaignReports[0] over the time frame (a CUSTOM_DATE day goes through /campaign/dailyreport). Paged: each page is sorted so; across pages the order is the store's, and a client that needs the whole list in that order sorts what it loaded (the web does).",
  specRef: '000 §7',
});

export const getCampaignDailyReport = defineOperation({
  name: 'getCampaignDailyReport',
  method: 'GET',
  path: '/api/campaign/dailyreport/{id}',
  auth: 'user',
  params: z.object({ id: zId('advertiser') }),
  // `camapign_id` keeps the spec's spelling (000 §7) so its clients keep working.
  query: z.object({ date: ZIsoDate, camapign_id: z.optional(zId('campaign')) }),
  response: z.array(ZCampaign),
  paged: PAGE_100,
  summary:
    "The CUSTOM_DATE twin of allbyadvertiser: {id} is the advertiser id, each campaign's campaignReports[0] covers the one day `date`; camapign_id narrows the list to that campaign. Paged: each page is sorted so; across pages the order is the store's, and a client that needs the whole list in that order sorts what it loaded (the web does).",
  specRef: '000 §7',
});

export const getCampaignTargetingSelections = defineOperation({
  name: 'getCampaignTargetingSelections',
  method: 'GET',
  path: '/api/campaign/targetingSelections/{id}',
  auth: 'user',
  params: campaignParams,
  response: ZTargetingSelections,
  summary: "The campaign's targeting layers for the 'Campaign Targeting Selections' panel.",
  specRef: '000 §7, 001 §7',
});

export const updateCampaignDetails = defineOperation({
  name: 'updateCampaignDetails',
  method: 'PUT',
  path: '/api/campaign/new/details',
  auth: 'user',
  body: z.object({ bgCampaignId: zId('campaign'), beeswaxCampaignId: ZBidderId, updateBody: ZCampaignDetailsUpdate }),
  response: ZCampaign,
  summary:
    'Edits a campaign here and at the bidder; refuses a media-type change, a start-date change once started, and any change 175+ days after the end date.',
  specRef: '000 §7',
});

export const archiveCampaign = defineOperation({
  name: 'archiveCampaign',
  method: 'PUT',
  path: '/api/campaign/archive',
  auth: 'user',
  body: z.object({ bgCampaignId: zId('campaign'), updateBody: z.object({ archived: z.boolean() }) }),
  response: ZCampaign,
  summary: 'Archives (archived true) or unarchives a campaign; an active campaign cannot be archived (409).',
  specRef: '000 §7',
});

export const updateCampaignStatus = defineOperation({
  name: 'updateCampaignStatus',
  method: 'PUT',
  path: '/api/campaign/new/status',
  auth: 'user',
  body: z.object({
    bgCampaignId: zId('campaign'),
    beeswaxCampaignId: ZBidderId,
    updateBody: z.object({ active: z.boolean() }),
  }),
  response: ZCampaign,
  summary:
    'Activates or deactivates a campaign here and at the bidder; an archived campaign or one 175+ days past its end cannot be activated.',
  specRef: '000 §7',
});

export const createCampaign = defineOperation({
  name: 'createCampaign',
  method: 'POST',
  path: '/api/campaign/create',
  auth: 'user',
  body: ZCampaignCreate,
  response: ZCampaign,
  summary:
    'Creates the campaign (inactive) at the bidder with one line item per included company, its creatives and targeting; the advertiser needs a saved card. Same as the createCampaign event.',
  specRef: '001 §7',
});

export const recordCampaignEvent = defineOperation({
  name: 'recordCampaignEvent',
  method: 'POST',
  path: '/api/campaign/event',
  auth: 'user',
  body: ZCampaignEvent,
  response: z.object({ bgCampaignId: zId('campaign'), recorded: z.literal(true) }),
  summary:
    "Records once, in the agency's activity record, that the wizard finished creating the caller's campaign (a repeat records nothing more); the spec does not say what the server does, so this is ours.",
  specRef: '001 §7',
});

export const matchCsvCompanies = defineOperation({
  name: 'matchCsvCompanies',
  method: 'POST',
  path: '/api/campaign/csv-kickfire-matches',
  auth: 'user',
  body: z.object({
    csvCompanies: z.array(ZCompanyListEntry).check(z.minLength(1), z.maxLength(CSV_MATCH_REST_MAX_DOMAINS)),
  }),
  response: ZCompanyMatchResult,
  summary:
    'Matches the domains of an uploaded CSV (one a line) to companies and IP ranges, or says why a domain did not match; each match is written to the segments log. A domain without IP ranges of its own is answered no-ranges until the realtime event explainNoMatches tells why. REST answers within 29 s, so it takes at most 500 domains; the realtime event getCSVKickfireMatches takes 10,000 in chunks.',
  specRef: '001 §7',
});

export const getCampaignTargetingEdit = defineOperation({
  name: 'getCampaignTargetingEdit',
  method: 'GET',
  path: '/api/campaign/targetingEdit/{id}',
  auth: 'user',
  params: campaignParams,
  response: ZCampaignTargetingEdit,
  summary:
    "Ours (issue 12, editable targeting): the campaign's targeting with its revision, its companies (line items) and whether it can still change; what the dashboard's targeting editor starts from.",
  specRef: 'ours (issue 12)',
});

export const listCampaignActivity = defineOperation({
  name: 'listCampaignActivity',
  method: 'GET',
  path: '/api/campaign/activity/{id}',
  auth: 'user',
  params: campaignParams,
  response: z.array(ZCampaignActivity),
  paged: PAGE_100,
  summary:
    "Ours (issue 12): the campaign's activity log, newest first: every targeting change after launch, who made it, when, and what was added, removed or changed.",
  specRef: 'ours (issue 12)',
});
