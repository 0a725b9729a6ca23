import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { zId } from '../ids';
import { ZAddCompanyOutcome, ZCrmCampaign, ZPickerTicket, ZPickerTicketRequest } from '../crm/crm.schema';
import { ZLineItem, ZLineItemStatusUpdate } from '../campaigns/line-item.schema';
import { ZRetargetingSegment, ZSegmentCreate } from '../segments/retargeting-segment.schema';

/**
 * The HubSpot app card's calls (001 §7 `/public/crmcard/*`): no user token, HubSpot's v3 request
 * signature instead. The portal id resolves the advertiser(s); nothing outside them is reachable.
 * `hubspot.fetch` appends `portalId`, `userId`, `userEmail` and `appId` to every call's query: the
 * signature covers them; `appId`, when present, must be our app's (else 401).
 */
const ZPortalId = z.coerce.number().check(z.int(), z.positive());

/** The query parameters HubSpot appends to every card call besides `portalId`. */
const hubspotContext = {
  userId: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  userEmail: z.optional(z.string().check(z.trim(), z.maxLength(320))),
  appId: z.optional(z.string().check(z.trim(), z.maxLength(64))),
};

/**
 * Our call (not in the spec): the card, signed, asks for a picker ticket for the company record it
 * is on, and opens `pickerUrl`. The picker page in the browser cannot sign like HubSpot, so it sends
 * the ticket (`X-BidGrid-Picker-Ticket`) on `listCrmCardCampaigns` and `addCompanyToCampaign`; the
 * ticket binds the portal, the domain, the company name and an expiry (15 minutes).
 */
export const createCrmCardPickerTicket = defineOperation({
  name: 'createCrmCardPickerTicket',
  method: 'POST',
  path: '/public/crmcard/picker-tickets',
  auth: 'hubspot-signed',
  query: z.object({ portalId: ZPortalId, ...hubspotContext }),
  body: ZPickerTicketRequest,
  response: ZPickerTicket,
  summary: 'Issues the picker ticket and URL the card opens for one company of a portal connected to an advertiser.',
  specRef: '001 §7 (ours)',
});

export const listCrmCardCampaigns = defineOperation({
  name: 'listCrmCardCampaigns',
  method: 'GET',
  path: '/public/crmcard/campaigns',
  auth: 'hubspot-signed-or-ticket',
  query: z.object({ portalId: ZPortalId, ...hubspotContext }),
  response: z.object({ campaigns: z.array(ZCrmCampaign) }),
  summary: "The sales-enabled, unarchived campaigns of the portal's advertiser(s), for the picker's 'Select Campaign'.",
  specRef: '001 §7',
});

export const addCompanyToCampaign = defineOperation({
  name: 'addCompanyToCampaign',
  method: 'GET',
  path: '/public/crmcard/add-company-to-campaign',
  auth: 'hubspot-signed-or-ticket',
  query: z.object({
    portalId: ZPortalId,
    campaignId: zId('campaign'),
    domain: ZPickerTicketRequest.shape.domain,
    companyName: ZPickerTicketRequest.shape.companyName,
    ...hubspotContext,
  }),
  response: ZAddCompanyOutcome,
  summary:
    "Adds a CRM company to a campaign of the portal as a new line item: 'no-match' when matching finds no IP segment, 'company-limit-reached' at maxCompanies, 'already-added' when it is in already.",
  specRef: '001 §7',
});

export const updateLineItemStatusFromCrm = defineOperation({
  name: 'updateLineItemStatusFromCrm',
  method: 'PUT',
  path: '/public/crmcard/line-item-status',
  auth: 'hubspot-signed',
  query: z.object({ portalId: ZPortalId, ...hubspotContext }),
  body: ZLineItemStatusUpdate,
  response: ZLineItem,
  summary:
    "A CRM workflow switches a company's line item on or off (dynamic ABM); only line items of the portal's campaigns.",
  specRef: '000 §7, 001 §7',
});

export const createSegmentFromCrm = defineOperation({
  name: 'createSegmentFromCrm',
  method: 'POST',
  path: '/public/crmcard/segments',
  auth: 'hubspot-signed',
  query: z.object({ portalId: ZPortalId, ...hubspotContext }),
  body: ZSegmentCreate,
  response: ZRetargetingSegment,
  summary: 'Creates a retargeting segment for an advertiser connected to the signing portal.',
  specRef: '001 §7',
});

export const listSegmentsFromCrm = defineOperation({
  name: 'listSegmentsFromCrm',
  method: 'GET',
  path: '/public/crmcard/segments',
  auth: 'hubspot-signed',
  query: z.object({ advertiserId: zId('advertiser'), portalId: ZPortalId, ...hubspotContext }),
  // The spec's nesting: the client reads payload.segments.payload.
  response: z.object({ segments: z.object({ payload: z.array(ZRetargetingSegment) }) }),
  summary: 'Retargeting segments of an advertiser connected to the signing portal.',
  specRef: '001 §7',
});
