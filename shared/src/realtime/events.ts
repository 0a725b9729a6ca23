import * as z from 'zod';
import { defineRealtimeEvent, type RealtimeEventDef } from './event';
import { zId } from '../ids';
import { ZCampaign } from '../entities/campaign.schema';
import { ZCampaignCreate } from '../entities/campaign-create.schema';
import { ZCompanyMatchResult } from '../entities/company.schema';
import { ZHubspotList, ZHubspotListType, ZTargetedCompanies, ZTargetedCompaniesRequest } from '../entities/crm.schema';
import { ZDomainList, ZDomainListCreate, ZDomainListUpdate } from '../entities/domain-list.schema';

/**
 * The realtime events of 001 §7 ("Realtime events"): the client sends `{action: name, data}` on the
 * WebSocket API and gets one reply `{event, success, payload, error}`. Events whose error reply the
 * spec does not name answer failures on the success event with `success: false`. Long CRM and
 * matching work runs here rather than over REST because API Gateway cuts REST calls at 29 s.
 */

const getHubSpotLists = defineRealtimeEvent({
  name: 'getHubSpotLists',
  request: z.object({ bgAdvertiserId: zId('advertiser'), listType: ZHubspotListType }),
  successEvent: 'retrievedLists',
  errorEvent: 'retrievedLists',
  payload: z.array(ZHubspotList),
  summary: "HubSpot lists of the advertiser's portal, company or contact lists.",
  specRef: '001 §7',
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
  request: z.object({ bgAdvertiserId: zId('advertiser'), hubspotListId: z.string().min(1) }),
  successEvent: 'retrievedCompaniesFromList',
  errorEvent: 'retrievedCompaniesFromList',
  payload: ZCompanyMatchResult,
  summary: 'The companies of one HubSpot list, matched to IP segments.',
  specRef: '001 §7',
});

const getContactsFromList = defineRealtimeEvent({
  name: 'getContactsFromList',
  request: z.object({ bgAdvertiserId: zId('advertiser'), hubspotListId: z.string().min(1) }),
  successEvent: 'retrievedContacts',
  errorEvent: 'retrievedContacts',
  // 001 §7: "list of comma-separated emails"; the client groups them by domain.
  payload: z.string(),
  summary: 'The e-mail addresses of a HubSpot contact list, comma-separated, for CRM retargeting.',
  specRef: '001 §7',
});

const getCSVKickfireMatches = defineRealtimeEvent({
  name: 'getCSVKickfireMatches',
  request: z.object({ domains: z.array(z.string().trim().min(1).max(253)).min(1).max(10_000) }),
  successEvent: 'retrievedCSVKickfireMatches',
  errorEvent: 'retrievedCSVKickfireMatches',
  payload: ZCompanyMatchResult,
  summary: 'Matches CSV domains to companies and IP segments (the event twin of /campaign/csv-kickfire-matches).',
  specRef: '001 §7',
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
  payload: ZCampaign,
  summary: 'Creates the campaign from the creation payload (same use case as POST /campaign/create).',
  specRef: '001 §4, §7',
});

/** Every realtime event, by name: what the WebSocket routes, handlers and the web client are built from. */
export const realtimeEventsByName = {
  getHubSpotLists,
  getTargetedCompanies,
  getCompaniesFromList,
  getContactsFromList,
  getCSVKickfireMatches,
  createNewDomainList,
  updateDomainList,
  createCampaign,
} as const;

export type TRealtimeEventName = keyof typeof realtimeEventsByName;

/** Every realtime event as a list (one WebSocket route and one handler each). */
export const realtimeEvents: readonly RealtimeEventDef[] = Object.values(realtimeEventsByName);
