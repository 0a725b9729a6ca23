import { now } from '@bidgrid/shared/clock';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { SeedModule } from './seed-module';

/** A seeded advertiser: readable ids so tests and people can name them. */
export interface SeedAdvertiser {
  readonly id: `bgAdvertiser-${string}`;
  readonly agencyId: `bgAgency-${string}`;
  readonly createdBy: string;
  readonly name: string;
  readonly domain: string;
  readonly address: { address_1: string; address_2: string; city: string; state: string; zip: string };
  /** E.164, as the create call stores a phone; null shows 'None'. */
  readonly phone: string | null;
  /** A card saved through the card setup flow (Stripe test card 4242). */
  readonly card?: { friendlyName: string; billingEmail: string };
  /** Connected to this CRM portal through the OAuth flow of the CRM simulator. */
  readonly crmPortalId?: number;
}

/**
 * The demo agency's advertisers (one with a card, one connected to the CRM, one with both, two plain
 * ones) and the rival agency's (one with a card), so every screen and the tenant checks have data.
 */
export const SEED_ADVERTISERS: readonly SeedAdvertiser[] = [
  {
    id: 'bgAdvertiser-demo-acme',
    agencyId: 'bgAgency-demo',
    createdBy: 'demo',
    name: 'Acme Robotics',
    domain: 'acmerobotics.example',
    address: { address_1: '500 Innovation Way', address_2: 'Suite 210', city: 'Austin', state: 'TX', zip: '78701' },
    phone: '+15125550142',
    card: { friendlyName: 'Acme corporate Visa', billingEmail: 'ap@acmerobotics.example' },
  },
  {
    id: 'bgAdvertiser-demo-bluepeak',
    agencyId: 'bgAgency-demo',
    createdBy: 'demo',
    name: 'Bluepeak Logistics',
    domain: 'https://bluepeaklogistics.com',
    address: { address_1: '77 Harbor St', address_2: '', city: 'Boston', state: 'MA', zip: '02110' },
    phone: '+16175550199',
    crmPortalId: 4410001,
  },
  {
    // A card and the CRM connection together: the wizard (which needs a card) can take its target
    // companies from HubSpot Lists or Tiers. Bluepeak stays without a card (the billing seed and its
    // campaigns' charges assume it) and sorts first among the connected advertisers.
    id: 'bgAdvertiser-demo-keystone',
    agencyId: 'bgAgency-demo',
    createdBy: 'demo',
    name: 'Keystone Freight Partners',
    domain: 'keystonefreight.example',
    address: { address_1: '310 Liberty Ave', address_2: 'Suite 5', city: 'Pittsburgh', state: 'PA', zip: '15222' },
    phone: '+14125550163',
    card: { friendlyName: 'Keystone operations Mastercard', billingEmail: 'ap@keystonefreight.example' },
    crmPortalId: 4410001,
  },
  {
    id: 'bgAdvertiser-demo-northwind',
    agencyId: 'bgAgency-demo',
    createdBy: 'demo',
    name: 'Northwind Analytics',
    domain: 'northwindanalytics.io',
    address: { address_1: '1200 Penn Ave', address_2: 'Floor 4', city: 'Pittsburgh', state: 'PA', zip: '15222' },
    phone: null,
  },
  {
    id: 'bgAdvertiser-demo-cedarline',
    agencyId: 'bgAgency-demo',
    createdBy: 'demo',
    name: 'Cedarline Health Partners — Regional Clinics Network Texas',
    domain: 'cedarlinehealthpartners.com',
    address: { address_1: '9 Congress Ave', address_2: '', city: 'Austin', state: 'TX', zip: '78702' },
    phone: '+15125550177',
  },
  {
    id: 'bgAdvertiser-rival-orbit',
    agencyId: 'bgAgency-rival',
    createdBy: 'rival',
    name: 'Orbit Outfitters',
    domain: 'orbitoutfitters.example',
    address: { address_1: '1 Summit Rd', address_2: '', city: 'Denver', state: 'CO', zip: '80202' },
    phone: '+13035550110',
    card: { friendlyName: 'Orbit Amex', billingEmail: 'billing@orbitoutfitters.example' },
  },
  {
    id: 'bgAdvertiser-rival-summit',
    agencyId: 'bgAgency-rival',
    createdBy: 'rival',
    name: 'Summit Dental Group',
    domain: 'summitdental.example',
    address: { address_1: '44 Main St', address_2: '', city: 'Boulder', state: 'CO', zip: '80302' },
    phone: '+13035550111',
  },
];

/**
 * Advertisers through the handlers' own code paths: created at the bidder simulator (its id
 * stored), cards saved with a setup intent confirmed as the local card field confirms it, and the
 * CRM connection made through the CRM simulator's authorize page with a signed state. An advertiser
 * already there is left alone.
 */
export const advertisersSeed: SeedModule = {
  name: 'advertisers',
  store: 'dynamodb',
  async run({ logger }) {
    const [
      { ADVERTISER_CATEGORY },
      {
        advertiserRepository,
        crmConnectionRepository,
        bidderClient,
        paymentsGateway,
        hubspotOAuth,
        hubspotRedirectUri,
        tokenKeys,
        config,
        createLogger,
        NEW_ADVERTISER_STATE,
        createCardSetupIntent,
        saveAdvertiserCard,
        getHubspotAuthUrl,
        saveHubspotTokens,
      },
    ] = await Promise.all([import('@bidgrid/shared/constants'), import('@bidgrid/lambdas/seeding')]);
    const { LOCAL_PUBLISHABLE_KEY } = await import('../simulators/stripe');
    const cfg = config();
    const handlerLog = createLogger({ level: 'silent' });
    const payments = paymentsGateway();

    for (const seed of SEED_ADVERTISERS) {
      if (await advertiserRepository.getAdvertiser(seed.agencyId, seed.id)) continue;
      const beeswaxAdvertiserId = await bidderClient().createAdvertiser({
        name: seed.name,
        ourId: seed.id,
        category: ADVERTISER_CATEGORY,
        domain: seed.domain,
        active: true,
      });
      const advertiser: TAdvertiser = {
        bgAdvertiserId: seed.id,
        beeswaxAdvertiserId,
        name: seed.name,
        createdBy: seed.createdBy,
        createdAt: now().toISOString(),
        domain: seed.domain,
        ...seed.address,
        phone: seed.phone,
        parentAgencyId: seed.agencyId,
        ...NEW_ADVERTISER_STATE,
      };
      await advertiserRepository.putNewAdvertiser(seed.agencyId, advertiser);

      if (seed.card) {
        const secret = await createCardSetupIntent(
          { agencyId: seed.agencyId, advertiserId: seed.id },
          { advertisers: advertiserRepository, payments },
        );
        // What the local card field does in the browser: confirm with the publishable key.
        const intentId = secret.slice(0, secret.indexOf('_secret_'));
        const confirmed = await fetch(`${cfg.STRIPE_API_URL}/v1/setup_intents/${intentId}/confirm`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ client_secret: secret, payment_method: 'pm_card_visa' }).toString(),
        });
        const intent = (await confirmed.json()) as { payment_method?: string };
        if (!confirmed.ok || !intent.payment_method) throw new Error(`Card setup of ${seed.id} failed`);
        await saveAdvertiserCard(
          {
            agencyId: seed.agencyId,
            body: {
              bgAdvertiserId: seed.id,
              billingEmail: seed.card.billingEmail,
              friendlyName: seed.card.friendlyName,
              method: intent.payment_method,
            },
          },
          { advertisers: advertiserRepository, payments },
        );
      }

      if (seed.crmPortalId !== undefined) {
        const oauth = hubspotOAuth();
        const authorizeUrl = new URL(
          await getHubspotAuthUrl(
            { agencyId: seed.agencyId, username: seed.createdBy, advertiserId: seed.id },
            {
              advertisers: advertiserRepository,
              states: crmConnectionRepository,
              oauth,
              stateKey: async () => (await tokenKeys()).oauthState,
              redirectUri: hubspotRedirectUri(),
              now,
            },
          ),
        );
        // The person's choice on the CRM simulator's authorize page: this portal, approved.
        const grant = new URL('/oauth/authorize/grant', cfg.HUBSPOT_BASE_URL);
        for (const [key, value] of authorizeUrl.searchParams) grant.searchParams.set(key, value);
        grant.searchParams.set('hub_id', String(seed.crmPortalId));
        const back = await fetch(grant, { redirect: 'manual' });
        const location = new URL(back.headers.get('location') ?? '', 'http://invalid');
        const code = location.searchParams.get('code');
        const state = location.searchParams.get('state');
        if (!code || !state) throw new Error(`CRM authorization of ${seed.id} gave no code`);
        await saveHubspotTokens(
          { agencyId: seed.agencyId, username: seed.createdBy, body: { code, state, bgAdvertiserId: seed.id } },
          {
            advertisers: advertiserRepository,
            crm: crmConnectionRepository,
            oauth,
            keys: tokenKeys,
            redirectUri: hubspotRedirectUri(),
            now,
            log: handlerLog,
          },
        );
      }
      logger.debug(`seeded advertiser ${seed.id}`);
    }
  },
};
