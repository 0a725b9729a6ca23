/**
 * One sample request per implemented `/api` operation, aimed at the DEMO agency's seeded data, used
 * by the security walk: called with the RIVAL agency's token it must answer 404 (`expect: 404`), or,
 * for calls that name no resource (lists, the caller's own records), succeed without a single demo id
 * in the reply (`expect: 'no-leak'`). The walk fails for an implemented operation missing here, so a
 * new handler cannot land without its tenant check being exercised.
 */
export interface SecuritySample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** 404 (another agency's resource), 403 (not for agency users at all) or 'no-leak' (200, own data only). */
  expect: 404 | 403 | 'no-leak';
}

/** Ids the local seed gives the demo agency; none may ever reach the rival. */
export const DEMO_IDS = {
  agencyId: 'bgAgency-demo',
  advertiserWithCard: 'bgAdvertiser-demo-acme',
  advertiserWithCrm: 'bgAdvertiser-demo-bluepeak',
  advertiserPlain: 'bgAdvertiser-demo-northwind',
  advertiserLongName: 'bgAdvertiser-demo-cedarline',
  billedCampaign: 'bg-campaign-demo-enterprise',
} as const;

export const SAMPLES: Record<string, SecuritySample> = {
  // The path names the demo user, yet the caller only ever gets their own agency.
  getAgencyAssignedToUser: { params: { username: 'demo' }, expect: 'no-leak' },
  getPlaybooks: { expect: 'no-leak' },

  // Advertisers (000 §7).
  getAdvertiser: { params: { id: DEMO_IDS.advertiserWithCard }, expect: 404 },
  // The path names the demo agency; the caller gets their own agency's advertisers.
  listAdvertisersByAgency: { params: { agencyId: DEMO_IDS.agencyId }, expect: 'no-leak' },
  // A demo advertiser's id in the body is not kept (readable ids are never taken from clients).
  createAdvertiser: {
    body: {
      name: 'Security walk advertiser',
      phone: '+1 555 0100',
      address_1: '1 Walk St',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
      domain: 'security-walk.example',
      bgAdvertiserId: DEMO_IDS.advertiserWithCard,
      parentAgencyId: DEMO_IDS.agencyId,
      createdBy: 'demo',
      category: 'IAB3',
    },
    expect: 'no-leak',
  },
  listAdvertiserCategories: { expect: 'no-leak' },
  listAdvertiserBillingLogs: { params: { advertiserId: DEMO_IDS.advertiserWithCard }, expect: 404 },

  // Invoices and billing logs: the body's username names the demo user, the token decides.
  listSentInvoices: { body: { username: 'demo' }, expect: 'no-leak' },
  listAllBillingLogs: { body: { username: 'demo' }, expect: 'no-leak' },
  listBillingLogsByUsername: { body: { username: 'demo' }, expect: 'no-leak' },
  // Internal staff only: an agency user is refused whatever the body says.
  listSegmentsLogs: { body: { username: 'ops-admin' }, expect: 403 },

  // Payment card.
  createCardSetupIntent: { query: { advertiserId: DEMO_IDS.advertiserWithCard }, expect: 404 },
  saveAdvertiserCard: {
    body: {
      bgAdvertiserId: DEMO_IDS.advertiserWithCard,
      billingEmail: 'attacker@rival-agency.example',
      friendlyName: 'Not mine',
      method: 'pm_card_visa',
    },
    expect: 404,
  },

  // CRM connection.
  getHubspotAuthUrl: { params: { advertiserId: DEMO_IDS.advertiserWithCrm }, expect: 404 },
  saveHubspotTokens: {
    body: { code: 'stolen-code', state: 'forged.state', bgAdvertiserId: DEMO_IDS.advertiserWithCrm },
    expect: 404,
  },
  deleteHubspotTokens: { body: { bgAdvertiserId: DEMO_IDS.advertiserWithCrm }, expect: 404 },
};
