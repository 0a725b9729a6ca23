import '../../test-env';
import { describe, expect, it } from 'vitest';
import { ZTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { NotFoundError } from '../../kernel/errors';
import { UNAVAILABLE_LAYERS } from '../campaigns/targeting-layers';
import {
  campaignFixture,
  creativeFixture,
  lineItemFixture,
  memoryAdGroups,
  memoryCampaigns,
} from '../campaigns/test-campaign-fakes';
import type { TCampaignRecord } from '../campaigns/campaign-records.schema';
import type { BidderCampaigns } from '../ports/bidder.port';
import type { TPortalAdvertiser } from '../ports/crm-connection.port';
import {
  cardRecordFixture,
  fakeCompanyMatcher,
  memoryAdvertisers,
  memoryLogger,
  memoryLookupCache,
} from '../test-fakes';
import { CRM_CARD_MESSAGES } from './crm-card-portal';
import { addCompanyFromCrm, crmCardUser, listCrmCardCampaigns } from './crm-card.use-case';
import type { AddCompanyFromCrmDeps } from './crm-card.use-case';

const AGENCY = 'bgAgency-demo';
const ADVERTISER = 'bgAdvertiser-acme';
const PORTAL = 4410001;
const NOW = new Date('2026-11-26T10:00:00.000Z');

/** A bidder that makes line items and remembers them (the targeting change's calls). */
function fakeBidder() {
  const lineItems = new Map<number, { name: string; ipRanges: string[]; creatives: number[]; active: boolean }>();
  let next = 500;
  const bidder: Pick<BidderCampaigns, 'createLineItem' | 'updateLineItem' | 'deleteLineItem' | 'linkCreative'> = {
    async createLineItem(input) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      lineItems.set(++next, {
        name: input.name,
        ipRanges: input.targeting.ipRanges ?? [],
        creatives: [],
        active: false,
      });
      return next;
    },
    async updateLineItem(id, change) {
      const held = lineItems.get(id);
      if (held && change.active !== undefined) held.active = change.active;
    },
    async deleteLineItem(id) {
      lineItems.delete(id);
    },
    async linkCreative(creativeId, lineItemId) {
      lineItems.get(lineItemId)?.creatives.push(creativeId);
      return ++next;
    },
  };
  return { bidder, lineItems };
}

/**
 * The portal connected to the demo advertiser, whose sales-enabled campaign has Initech and room for
 * `maxCompanies`; another agency's advertiser has its own sales-enabled campaign.
 */
function world(options: { campaign?: Partial<TCampaignRecord>; connected?: TPortalAdvertiser[] } = {}) {
  const campaigns = memoryCampaigns(
    [
      campaignFixture({ showInHubspot: true, maxCompanies: 3, accounts: 1, ...options.campaign }),
      campaignFixture({ bgCampaignId: 'bg-campaign-hidden', name: 'Hidden', showInHubspot: false }),
      campaignFixture({ bgCampaignId: 'bg-campaign-old', name: 'Old', showInHubspot: true, archived: true }),
      campaignFixture({
        bgCampaignId: 'bg-campaign-rival',
        name: 'Rival',
        agencyId: 'bgAgency-rival',
        bgAdvertiserId: 'bgAdvertiser-rival',
        showInHubspot: true,
      }),
    ],
    [lineItemFixture({ ipRanges: ['10.1.0.0/24'] })],
  );
  campaigns.targeting.set(`${AGENCY}|bg-campaign-q3`, ZTargetingSelections.parse({ geo_country: ['USA'] }));
  const connected = options.connected ?? [{ agencyId: AGENCY, advertiserId: ADVERTISER }];
  const bidder = fakeBidder();
  const { matcher } = fakeCompanyMatcher({
    'hooli.example': { outcome: 'matched', companyName: 'Hooli', ranges: ['10.9.0.0/24'] },
    'globex.example': { outcome: 'matched', companyName: 'Globex', ranges: ['10.2.0.0/24'] },
  });
  const deps: AddCompanyFromCrmDeps = {
    portals: { listPortalAdvertisers: async (portalId) => (portalId === PORTAL ? connected : []) },
    campaigns: campaigns.repo,
    advertisers: memoryAdvertisers([cardRecordFixture()]).repo,
    adGroups: memoryAdGroups([], [creativeFixture({ beeswaxCreativeId: 901 })]).repo,
    bidder: bidder.bidder,
    layers: UNAVAILABLE_LAYERS,
    layerUndos: {},
    matching: {
      lookupCache: memoryLookupCache(),
      matcher,
      segmentsLog: { runDate: async (_key, now) => now.toISOString(), putEntries: async () => undefined },
      now: () => NOW,
    },
    now: () => NOW,
    log: memoryLogger(),
  };
  return { deps, campaigns, bidder };
}

const add = (domain: string, campaignId = 'bg-campaign-q3', companyName = 'Hooli') => ({
  portalId: PORTAL,
  campaignId,
  domain,
  companyName,
  hubspotUser: 'rep@acme.example',
});

describe('listCrmCardCampaigns', () => {
  it("lists only the sales-enabled, unarchived campaigns of the portal's advertisers", async () => {
    // Prepare
    const { deps, campaigns } = world({ campaign: { active: false } });

    // Act
    const result = await listCrmCardCampaigns(
      { portalId: PORTAL },
      { portals: deps.portals, campaigns: campaigns.repo },
    );

    // Assess
    expect(result.campaigns).toEqual([{ bgCampaignId: 'bg-campaign-q3', name: 'Q3 ABM', active: false }]);
  });

  it('answers 404 with a message for a portal connected to no advertiser', async () => {
    // Prepare
    const { deps, campaigns } = world();

    // Act
    const act = listCrmCardCampaigns({ portalId: 4410009 }, { portals: deps.portals, campaigns: campaigns.repo });

    // Assess
    await expect(act).rejects.toThrow(NotFoundError);
    await expect(act).rejects.toMatchObject({ status: 404, userMessage: CRM_CARD_MESSAGES.portalNotConnected });
  });
});

describe('addCompanyFromCrm', () => {
  it('adds a matched company as a line item at the bidder, recorded as added from the CRM card by the HubSpot user', async () => {
    // Prepare
    const { deps, campaigns, bidder } = world();

    // Act
    const outcome = await addCompanyFromCrm(add('https://www.Hooli.example/'), deps);

    // Assess
    expect(outcome).toEqual({ message: 'company-added' });
    const added = [...campaigns.items.values()].find((li) => li.domain === 'hooli.example');
    expect(added).toMatchObject({ bgCampaignId: 'bg-campaign-q3', ipRanges: ['10.9.0.0/24'], active: true });
    expect(bidder.lineItems.get(added?.beeswaxLineItemId ?? 0)).toMatchObject({
      ipRanges: ['10.9.0.0/24'],
      creatives: [901],
      active: true,
    });
    expect(campaigns.activity[0]).toMatchObject({
      username: 'rep@acme.example',
      via: 'crm-card',
      addedCompanies: [{ domain: 'hooli.example', name: 'Hooli' }],
    });
  });

  it('answers already-added for a company the campaign has, and adds nothing', async () => {
    // Prepare
    const { deps, bidder } = world();

    // Act
    const outcome = await addCompanyFromCrm(add('initech.example', 'bg-campaign-q3', 'Initech'), deps);

    // Assess
    expect(outcome).toEqual({ message: 'already-added' });
    expect(bidder.lineItems.size).toBe(0);
  });

  it('answers company-limit-reached at maxCompanies, and no-match for a domain without ranges', async () => {
    // Prepare
    const full = world({ campaign: { maxCompanies: 1 } });
    const roomy = world();

    // Act
    const limit = await addCompanyFromCrm(add('hooli.example'), full.deps);
    const noMatch = await addCompanyFromCrm(add('nobody.example'), roomy.deps);
    const notADomain = await addCompanyFromCrm(add('Hooli Inc'), roomy.deps);

    // Assess
    expect(limit).toEqual({ message: 'company-limit-reached' });
    expect(noMatch).toEqual({ message: 'no-match' });
    expect(notADomain).toEqual({ message: 'no-match' });
    expect(full.bidder.lineItems.size + roomy.bidder.lineItems.size).toBe(0);
  });

  it("answers 404 for a campaign that is not a sales-enabled one of the portal's advertisers", async () => {
    // Prepare
    const { deps } = world();

    // Act + Assess
    for (const campaignId of ['bg-campaign-hidden', 'bg-campaign-old', 'bg-campaign-rival', 'bg-campaign-none']) {
      await expect(addCompanyFromCrm(add('hooli.example', campaignId), deps)).rejects.toMatchObject({
        status: 404,
        userMessage: CRM_CARD_MESSAGES.campaignNotFound,
      });
    }
  });

  it('lets two cards adding at once neither exceed maxCompanies nor add a company twice', async () => {
    // Prepare
    const oneLeft = world({ campaign: { maxCompanies: 2 } });
    const same = world();

    // Act
    const racing = await Promise.all([
      addCompanyFromCrm(add('hooli.example'), oneLeft.deps),
      addCompanyFromCrm(add('globex.example', 'bg-campaign-q3', 'Globex'), oneLeft.deps),
    ]);
    const twice = await Promise.all([
      addCompanyFromCrm(add('hooli.example'), same.deps),
      addCompanyFromCrm(add('hooli.example'), same.deps),
    ]);

    // Assess
    expect(racing.map((o) => o.message).sort()).toEqual(['company-added', 'company-limit-reached']);
    expect([...oneLeft.campaigns.items.values()]).toHaveLength(2);
    // The loser's line item was undone at the bidder.
    expect(oneLeft.bidder.lineItems.size).toBe(1);
    expect(twice.map((o) => o.message).sort()).toEqual(['already-added', 'company-added']);
    expect([...same.campaigns.items.values()].filter((li) => li.domain === 'hooli.example')).toHaveLength(1);
    expect(same.bidder.lineItems.size).toBe(1);
  });
});

describe('crmCardUser', () => {
  it("names the HubSpot user's e-mail, else their id", () => {
    expect(crmCardUser({ userEmail: 'rep@acme.example', userId: '7' })).toBe('rep@acme.example');
    expect(crmCardUser({ userId: '7' })).toBe('hubspot-user-7');
    expect(crmCardUser({})).toBe('hubspot-crm-card');
  });
});
