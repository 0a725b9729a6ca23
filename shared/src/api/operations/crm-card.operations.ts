import * as z from 'zod';
import { defineOperation } from '../operation';
import { zId } from '../../ids';
import { ZAddCompanyOutcome, ZCrmCampaign } from '../../entities/crm.schema';
import { ZLineItem, ZLineItemStatusUpdate } from '../../entities/line-item.schema';
import { ZRetargetingSegment, ZSegmentCreate } from '../../entities/retargeting-segment.schema';

/**
 * The HubSpot app card's calls (001 §7 `/public/crmcard/*`): no user token, HubSpot's v3 request
 * signature instead. The portal id resolves the advertiser(s); nothing outside them is reachable.
 */
const ZPortalId = z.coerce.number().int().positive();

export const listCrmCardCampaigns = defineOperation({
  name: 'listCrmCardCampaigns',
  method: 'GET',
  path: '/public/crmcard/campaigns',
  auth: 'hubspot-signed',
  query: z.object({ portalId: ZPortalId }),
  response: z.object({ campaigns: z.array(ZCrmCampaign) }),
  summary: "The sales-enabled, unarchived campaigns of the portal's advertiser(s), for the picker's 'Select Campaign'.",
  specRef: '001 §7',
});

export const addCompanyToCampaign = defineOperation({
  name: 'addCompanyToCampaign',
  method: 'GET',
  path: '/public/crmcard/add-company-to-campaign',
  auth: 'hubspot-signed',
  query: z.object({
    portalId: ZPortalId,
    campaignId: zId('campaign'),
    domain: z.string().trim().min(1).max(253),
    companyName: z.string().trim().min(1).max(512),
  }),
  response: ZAddCompanyOutcome,
  summary:
    "Adds a CRM company to a campaign of the portal as a new line item: 'no-match' when matching finds no IP segment, 'company-limit-reached' at maxCompanies.",
  specRef: '001 §7',
});

export const updateLineItemStatusFromCrm = defineOperation({
  name: 'updateLineItemStatusFromCrm',
  method: 'PUT',
  path: '/public/crmcard/line-item-status',
  auth: 'hubspot-signed',
  query: z.object({ portalId: ZPortalId }),
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
  query: z.object({ advertiserId: zId('advertiser') }),
  // The spec's nesting: the client reads payload.segments.payload.
  response: z.object({ segments: z.object({ payload: z.array(ZRetargetingSegment) }) }),
  summary: 'Retargeting segments of an advertiser connected to the signing portal.',
  specRef: '001 §7',
});
