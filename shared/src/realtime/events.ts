import * as z from '../zod';
import { defineRealtimeEvent, type RealtimeEventDef } from './event';
import { zId } from '../ids';
import { ZCampaign } from '../campaigns/campaign.schema';
import { ZCampaignCreate } from '../campaigns/campaign-create.schema';
import { ZCompanyListEntry, ZCompanyMatchResult, ZNoMatchExplanations } from '../targeting/company.schema';
import { ZHubspotList, ZHubspotListType, ZTargetedCompanies, ZTargetedCompaniesRequest } from '../crm/crm.schema';
import type { THubspotList } from '../crm/crm.schema';
import { CSV_MATCH_MAX_DOMAINS } from '../constants';
import { companyMatchParts, noMatchExplanationParts } from './company-match-parts';
import { arrayParts } from './parts';
import { campaignCreateParts } from './campaign-create-parts';
import { emailListParts } from './email-list-parts';
import { ZKeyText } from '../common/common.schema';
import { ZDomainList, ZDomainListCreate, ZDomainListUpdate } from '../lists/domain-list.schema';
import { ZCampaignTargetingChangeResult } from '../targeting/campaign-targeting-change.schema';
import { ZCampaignTargetingChange } from '../targeting/campaign-targeting-request.schema';

/**
 * The realtime events of 001 §7 ("Realtime events"): the client sends `{action: name, reqID, ...fields}`
 * on the WebSocket API, may get progress `{reqID, done, total}`, and gets one reply
 * `{event, reqID, success, payload, error}` (the wire format is `wire.ts`). Events whose error reply
 * the spec does not name answer failures on the success event with `success: false`. Long CRM and
 * matching work runs here rather than over REST because API Gateway cuts REST calls at 29 s; events
 * whose requests or replies can outgrow one message say how they are cut (`parts`).
 */

const getHubSpotLists = defineRealtimeEvent({
  name: 'getHubSpotLists',
  request: z.object({ bgAdvertiserId: zId('advertiser'), listType: ZHubspotListType }),
  successEvent: 'retrievedLists',
  errorEvent: 'retrievedLists',
  payload: z.array(ZHubspotList),
  summary: "HubSpot lists of the advertiser's portal, company or contact lists.",
  specRef: '001 §7',
  parts: arrayParts<THubspotList>('A list'),
});

const getTargetedCompanies = defineRealtimeEvent({
  name: 'getTargetedCompanies',
  request: ZTargetedCompaniesRequest,
  successEvent: 'retrievedCompanies',
  errorEvent: 'retrievedCompanies',
  payload: ZTargetedCompanies,
  summary:
    'One page (after, numberResults) of HubSpot companies matching the tier filters, matched to IP segments; reqID echoed.',
  specRef: '001 §7',
});

const getCompaniesFromList = defineRealtimeEvent({
  name: 'getCompaniesFromList',
  request: z.object({ bgAdvertiserId: zId('advertiser'), hubspotListId: ZKeyText }),
  successEvent: 'retrievedCompaniesFromList',
  errorEvent: 'retrievedCompaniesFromList',
  payload: ZCompanyMatchResult,
  summary: 'The companies of one HubSpot list, matched to IP segments.',
  specRef: '001 §7',
});

const getContactsFromList = defineRealtimeEvent({
  name: 'getContactsFromList',
  request: z.object({ bgAdvertiserId: zId('advertiser'), hubspotListId: ZKeyText }),
  successEvent: 'retrievedContacts',
  errorEvent: 'retrievedContacts',
  // 001 §7: "list of comma-separated emails"; the client groups them by domain.
  payload: z.string(),
  summary: 'The e-mail addresses of a HubSpot contact list, comma-separated, for CRM retargeting.',
  specRef: '001 §7',
  parts: emailListParts,
});

/** The entries of a company list, as a CSV gives them: what a match, and an explanation of its misses, take. */
const ZCompanyListRequest = z.object({
  domains: z.array(ZCompanyListEntry).check(z.minLength(1), z.maxLength(CSV_MATCH_MAX_DOMAINS)),
});

const getCSVKickfireMatches = defineRealtimeEvent({
  name: 'getCSVKickfireMatches',
  request: ZCompanyListRequest,
  successEvent: 'retrievedCSVKickfireMatches',
  errorEvent: 'retrievedCSVKickfireMatches',
  payload: ZCompanyMatchResult,
  summary:
    'Matches CSV domains to companies and IP ranges, or says why a domain did not match; each match is written to the segments log (the event twin of /campaign/csv-kickfire-matches).',
  specRef: '001 §7',
  parts: companyMatchParts,
});

const explainNoMatches = defineRealtimeEvent({
  name: 'explainNoMatches',
  request: ZCompanyListRequest,
  successEvent: 'noMatchesExplained',
  errorEvent: 'noMatchesExplained',
  payload: ZNoMatchExplanations,
  summary:
    "Ours (issue 12, a match's second phase): why each entry that did not match did not, in full (a company without IP ranges of its own, a likely typo, nothing found), for rows a match answered with `no-ranges`; one explanation per entry in order, null for one that has ranges; progress {done, total} in entries.",
  specRef: 'ours (issue 12)',
  parts: noMatchExplanationParts,
});

const createNewDomainList = defineRealtimeEvent({
  name: 'createNewDomainList',
  request: ZDomainListCreate,
  successEvent: 'newDomainListCreated',
  errorEvent: 'domainListCreationError',
  payload: ZDomainList,
  summary: 'Creates a custom domain list of an advertiser here and at the bidder; the payload is the new list.',
  specRef: '001 §7',
});

const updateDomainList = defineRealtimeEvent({
  name: 'updateDomainList',
  request: ZDomainListUpdate,
  successEvent: 'domainListUpdated',
  errorEvent: 'domainListUpdateError',
  payload: ZDomainList,
  summary: 'Renames a custom list, updates its existing domains and adds new ones; the payload is the updated list.',
  specRef: '001 §7',
});

const createCampaign = defineRealtimeEvent({
  name: 'createCampaign',
  request: ZCampaignCreate,
  successEvent: 'campaignCreated',
  errorEvent: 'campaignCreationError',
  // Null only in the reply to a chunk before the last (see `campaignCreateParts`): a whole call
  // always ends with the campaign.
  payload: z.nullable(ZCampaign),
  summary:
    'Creates the campaign from the creation payload (same use case as POST /campaign/create), with progress {done, total} in line items. Many companies go in chunks: the campaign is made when the last one arrives, and a repeated bgCampaignId answers the campaign made before.',
  specRef: '001 §4, §7',
  parts: campaignCreateParts,
});

const updateCampaignTargeting = defineRealtimeEvent({
  name: 'updateCampaignTargeting',
  request: ZCampaignTargetingChange,
  successEvent: 'campaignTargetingUpdated',
  errorEvent: 'campaignTargetingUpdateError',
  payload: ZCampaignTargetingChangeResult,
  summary:
    "Ours (issue 12, editable targeting): adds companies (matched like the wizard's CSV), removes companies and changes the layers of a launched campaign, pushed to every line item at the bidder with progress {done, total} in bidder changes; refused when the targeting changed since `revision`; undone at the bidder when any step fails; recorded in the campaign's activity log.",
  specRef: 'ours (issue 12)',
});

/** Every realtime event, by name: what the WebSocket routes, handlers and the web client are built from. */
export const realtimeEventsByName = {
  getHubSpotLists,
  getTargetedCompanies,
  getCompaniesFromList,
  getContactsFromList,
  getCSVKickfireMatches,
  explainNoMatches,
  createNewDomainList,
  updateDomainList,
  createCampaign,
  updateCampaignTargeting,
} as const;

export type TRealtimeEventName = keyof typeof realtimeEventsByName;

/** Every realtime event as a list (one WebSocket route and one handler each). */
export const realtimeEvents: readonly RealtimeEventDef[] = Object.values(realtimeEventsByName);
