import { describe, expect, it } from 'vitest';
import * as z from '../zod';
import { kebabName } from '../api/operation';
import { realtimeEvents, realtimeEventsByName } from './events';

/** 001 §7 "Realtime events": emitted name, request fields, success event, error event (if named). */
const SPEC_EVENTS: Array<{ name: string; fields: string[]; success: string; error?: string }> = [
  { name: 'getHubSpotLists', fields: ['bgAdvertiserId', 'listType'], success: 'retrievedLists' },
  {
    name: 'getTargetedCompanies',
    fields: ['bgAdvertiserId', 'filters', 'after', 'numberResults', 'reqID'],
    success: 'retrievedCompanies',
  },
  { name: 'getCompaniesFromList', fields: ['bgAdvertiserId', 'hubspotListId'], success: 'retrievedCompaniesFromList' },
  { name: 'getContactsFromList', fields: ['bgAdvertiserId', 'hubspotListId'], success: 'retrievedContacts' },
  { name: 'getCSVKickfireMatches', fields: ['domains'], success: 'retrievedCSVKickfireMatches' },
  {
    name: 'createNewDomainList',
    fields: ['bgAdvertiserId', 'listName', 'domains'],
    success: 'newDomainListCreated',
    error: 'domainListCreationError',
  },
  {
    name: 'updateDomainList',
    fields: ['bgAdvertiserId', 'beeswaxListId', 'domainListId', 'listName', 'domainsToUpdate', 'domainsToAdd'],
    success: 'domainListUpdated',
    error: 'domainListUpdateError',
  },
  {
    name: 'createCampaign',
    fields: ['bgCampaignId', 'beeswaxCampaign', 'creativeIds'],
    success: 'campaignCreated',
    error: 'campaignCreationError',
  },
];

/** Events of ours beyond the spec's list. */
const OUR_EVENTS = [
  // Targeting that stays editable after launch (issue 12).
  'updateCampaignTargeting',
  // The second phase of a company match: why the misses missed (issue 12's CSV bench).
  'explainNoMatches',
];

describe('realtime events', () => {
  it('lists every spec event once, and nothing else but ours', () => {
    const names = realtimeEvents.map((event) => event.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...SPEC_EVENTS.map((event) => event.name), ...OUR_EVENTS].sort());
    expect(new Set(names.map(kebabName)).size).toBe(names.length);
  });

  it.each(SPEC_EVENTS)('$name answers $success, with the spec request fields', (spec) => {
    // Prepare
    const event = realtimeEventsByName[spec.name as keyof typeof realtimeEventsByName];
    // Assess
    expect(event.successEvent).toBe(spec.success);
    expect(event.errorEvent).toBe(spec.error ?? spec.success);
    const request = event.request as z.ZodMiniType;
    const keys = request instanceof z.ZodMiniObject ? Object.keys(request.shape) : [];
    for (const field of spec.fields) expect(keys).toContain(field);
  });

  it("fills the company search's paging defaults (after '0', 100 results)", () => {
    // Act
    const request = realtimeEventsByName.getTargetedCompanies.request.parse({
      bgAdvertiserId: 'bgAdvertiser-1',
      filters: [{ propertyName: 'hs_ideal_customer_profile', operator: 'IN', values: ['tier_1'] }],
    });
    // Assess
    expect(request).toMatchObject({ after: '0', numberResults: 100 });
  });

  it('drops duplicate domains of a new list and refuses an empty one', () => {
    const request = realtimeEventsByName.createNewDomainList.request;
    const parsed = request.parse({
      bgAdvertiserId: 'bgAdvertiser-1',
      listName: 'News',
      domains: ['a.com', 'a.com', 'b.com'],
    });
    expect(parsed.domains).toEqual(['a.com', 'b.com']);
    expect(request.safeParse({ bgAdvertiserId: 'bgAdvertiser-1', listName: 'News', domains: [] }).success).toBe(false);
  });

  it('leaves the envelope fields to the envelope', () => {
    for (const event of realtimeEvents) {
      const request = event.request as z.ZodMiniType;
      const shape = request instanceof z.ZodMiniObject ? (request.shape as Record<string, z.ZodMiniType>) : {};
      expect(Object.keys(shape), event.name).not.toContain('action');
      expect(Object.keys(shape), event.name).not.toContain('chunk');
      // The spec's getTargetedCompanies names reqID itself: the same optional correlation id.
      if ('reqID' in shape) expect(shape['reqID']?.safeParse(undefined).success).toBe(true);
    }
  });

  it('cuts the events whose requests or replies can outgrow one message', () => {
    expect(realtimeEventsByName.getCSVKickfireMatches.parts?.splitRequest).toBeTypeOf('function');
    expect(realtimeEventsByName.getCSVKickfireMatches.parts?.splitPayload).toBeTypeOf('function');
    expect(realtimeEventsByName.getHubSpotLists.parts?.splitPayload).toBeTypeOf('function');
  });

  it('refuses a request for another kind of id', () => {
    const result = realtimeEventsByName.getHubSpotLists.request.safeParse({
      bgAdvertiserId: 'bgAgency-1',
      listType: 'companies',
    });
    expect(result.success).toBe(false);
  });
});
