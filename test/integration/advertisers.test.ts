import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { advertiser as advertiserOps, type TAdvertiser } from '@bidgrid/shared';
import { accessTokenFor, callAllPages, callOperation } from '../support/api';
import { bidderRows, injectFault } from '../support/local-data';

const {
  getAdvertiser,
  listAdvertisersByAgency,
  createAdvertiser,
  listAdvertiserCategories,
  listAdvertiserBillingLogs,
} = advertiserOps;

const DEMO_ACME = 'bgAdvertiser-demo-acme';

const newAdvertiser = (suffix: string) => ({
  name: `Integration ${suffix}`,
  phone: '+1 512 555 0100',
  address_1: '1 Test St',
  address_2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  domain: `it-${suffix.slice(0, 8)}.example`,
  // The spec's client also sends these; the server takes them from the token.
  createdBy: 'someone-else',
  parentAgencyId: 'bgAgency-rival',
  category: 'IAB3' as const,
});

describe('GET /api/advertiser/{id}', () => {
  it("answers the caller's advertiser with its card summary and nothing server-side", async () => {
    const reply = await callOperation(getAdvertiser, {
      token: await accessTokenFor('demo'),
      params: { id: DEMO_ACME },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toMatchObject({
      bgAdvertiserId: DEMO_ACME,
      parentAgencyId: 'bgAgency-demo',
      paymentMethod: { card: { last4: '4242', brand: 'visa' } },
      advertiser_card_name: 'Acme corporate Visa',
    });
    expect(JSON.stringify(reply.body)).not.toMatch(/cus_|pm_|stripe|billedThrough/);
  });

  it("answers 404 for another agency's advertiser and 400 for a malformed id", async () => {
    const rival = await accessTokenFor('rival');
    const foreign = await callOperation(getAdvertiser, { token: rival, params: { id: DEMO_ACME } });
    const malformed = await callOperation(getAdvertiser, { token: rival, params: { id: 'acme' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ success: false, payload: null });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.fieldErrors ?? {})).toEqual(['id']);
  });
});

describe('GET /api/advertiser/agency/{agencyId}', () => {
  it("lists the caller's agency's advertisers sorted by name, whatever agency the path names", async () => {
    const reply = await callOperation(listAdvertisersByAgency, {
      token: await accessTokenFor('rival'),
      params: { agencyId: 'bgAgency-demo' },
    });
    expect(reply.status).toBe(200);
    const list = reply.body.payload ?? [];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.every((a) => a.parentAgencyId === 'bgAgency-rival')).toBe(true);
    const names = list.map((a) => a.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('answers 400 for a path that is not an agency id', async () => {
    const reply = await callOperation(listAdvertisersByAgency, {
      token: await accessTokenFor('demo'),
      params: { agencyId: 'demo' },
    });
    expect(reply.status).toBe(400);
  });
});

describe('POST /api/advertiser/create', () => {
  it('creates the advertiser at the bidder (IAB3) and in the caller agency, then lists it', async () => {
    // Prepare
    const token = await accessTokenFor('demo');
    const suffix = randomUUID();

    // Act
    const created = await callOperation(createAdvertiser, { token, body: newAdvertiser(suffix) });

    // Assess
    expect(created.status).toBe(200);
    const advertiser = created.body.payload as TAdvertiser;
    expect(advertiser.bgAdvertiserId).toMatch(/^bgAdvertiser-[0-9a-f-]{36}$/);
    expect(advertiser).toMatchObject({
      createdBy: 'demo',
      parentAgencyId: 'bgAgency-demo',
      category: 'IAB3',
      hubspot_authed: false,
      paymentMethod: null,
    });
    const atBidder = await bidderRows('advertiser', { alternative_id: advertiser.bgAdvertiserId });
    expect(atBidder).toEqual([
      expect.objectContaining({
        id: advertiser.beeswaxAdvertiserId,
        name: `Integration ${suffix}`,
        advertiser_category: 'IAB3',
        alternative_id: advertiser.bgAdvertiserId,
      }),
    ]);
    const listed = await callOperation(listAdvertisersByAgency, {
      token,
      params: { agencyId: 'bgAgency-demo' },
    });
    expect(listed.body.payload?.map((a) => a.bgAdvertiserId)).toContain(advertiser.bgAdvertiserId);
  });

  it("refuses a domain with a path with the spec's message, and empty required fields", async () => {
    const reply = await callOperation(createAdvertiser, {
      token: await accessTokenFor('demo'),
      body: { ...newAdvertiser(randomUUID()), domain: 'acme.example/about', name: '' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.fieldErrors).toHaveProperty('name');
    const domainOnly = await callOperation(createAdvertiser, {
      token: await accessTokenFor('demo'),
      body: { ...newAdvertiser(randomUUID()), domain: 'acme.example/about' },
    });
    expect(domainOnly.status).toBe(400);
    expect(domainOnly.body.fieldErrors).toEqual({ domain: ['Must be a valid domain without path'] });
  });

  it("refuses a phone that is no phone number with 'Must be a valid phone number', creating nothing", async () => {
    // Prepare
    const token = await accessTokenFor('demo');
    const suffix = randomUUID();

    // Act
    const reply = await callOperation(createAdvertiser, {
      token,
      body: { ...newAdvertiser(suffix), phone: 'abc' },
    });

    // Assess
    expect(reply.status).toBe(400);
    expect(reply.body.fieldErrors).toEqual({ phone: ['Must be a valid phone number'] });
    const listed = await callAllPages(listAdvertisersByAgency, { token, params: { agencyId: 'bgAgency-demo' } });
    expect(listed.payloads.flat().some((a) => a.name === `Integration ${suffix}`)).toBe(false);
  });

  it('stores a phone typed without a country code as a US number in E.164', async () => {
    // Prepare
    const token = await accessTokenFor('demo');

    // Act
    const created = await callOperation(createAdvertiser, {
      token,
      body: { ...newAdvertiser(randomUUID()), phone: '(512) 555-0142' },
    });

    // Assess
    expect(created.status).toBe(200);
    const id = created.body.payload?.bgAdvertiserId as string;
    const stored = await callOperation(getAdvertiser, { token, params: { id } });
    expect(stored.body.payload?.phone).toBe('+15125550142');
  });

  it.each([
    ['0', 400],
    ['65536', 400],
    ['99999', 400],
    ['65535', 200],
  ])('answers a domain with port %s with %i', async (port, status) => {
    // Act
    const reply = await callOperation(createAdvertiser, {
      token: await accessTokenFor('demo'),
      body: { ...newAdvertiser(randomUUID()), domain: `https://it-port.example:${port}` },
    });

    // Assess
    expect(reply.status).toBe(status);
    if (status === 400) expect(reply.body.fieldErrors).toEqual({ domain: ['Must be a valid domain without path'] });
  });

  it("answers 409 to another agency's advertiser id, and the rival's reads of it stay 404", async () => {
    // Prepare: demo's advertiser under an id its client made (kept for retries).
    const demo = await accessTokenFor('demo');
    const rival = await accessTokenFor('rival');
    const bgAdvertiserId = `bgAdvertiser-${randomUUID()}`;
    const made = await callOperation(createAdvertiser, {
      token: demo,
      body: { ...newAdvertiser(randomUUID()), bgAdvertiserId },
    });
    expect(made.status).toBe(200);

    // Act
    const taken = await callOperation(createAdvertiser, {
      token: rival,
      body: { ...newAdvertiser(randomUUID()), bgAdvertiserId },
    });
    const rivalRead = await callOperation(getAdvertiser, { token: rival, params: { id: bgAdvertiserId } });
    const demoRead = await callOperation(getAdvertiser, { token: demo, params: { id: bgAdvertiserId } });

    // Assess
    expect([taken.status, rivalRead.status, demoRead.status]).toEqual([409, 404, 200]);
    expect(demoRead.body.payload).toMatchObject({ name: made.body.payload?.name, parentAgencyId: 'bgAgency-demo' });
    // The rival's bidder advertiser, made before the store refused it, is gone again: demo's alone is left.
    const atBidder = await bidderRows('advertiser', { alternative_id: bgAdvertiserId });
    expect(atBidder.map((a) => a['id'])).toEqual([made.body.payload?.beeswaxAdvertiserId]);
  });

  it('leaves no advertiser behind when the bidder fails', async () => {
    // Prepare
    const token = await accessTokenFor('demo');
    const suffix = randomUUID();
    await injectFault('bidder', {
      method: 'POST',
      path: '/rest/v2/advertisers',
      status: 500,
      body: { detail: 'A server error occurred.' },
    });

    // Act
    const reply = await callOperation(createAdvertiser, { token, body: newAdvertiser(suffix) });

    // Assess
    expect(reply.status).toBe(502);
    expect(reply.body).toEqual({ success: false, payload: null, error: 'There was an error with this request.' });
    const listed = await callOperation(listAdvertisersByAgency, {
      token,
      params: { agencyId: 'bgAgency-demo' },
    });
    expect(listed.body.payload?.some((a) => a.name === `Integration ${suffix}`)).toBe(false);
  });
});

describe('GET /api/advertiser/categories', () => {
  it('lists the IAB categories, IAB3 among them', async () => {
    const reply = await callOperation(listAdvertiserCategories, {
      token: await accessTokenFor('demo'),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toContainEqual({ code: 'IAB3', name: 'Business' });
  });
});

describe('GET /api/advertiser/billinglog/{advertiserId}', () => {
  it("answers the advertiser's billing logs newest first, and 404 to another agency", async () => {
    const own = await callOperation(listAdvertiserBillingLogs, {
      token: await accessTokenFor('demo'),
      params: { advertiserId: DEMO_ACME },
    });
    const foreign = await callOperation(listAdvertiserBillingLogs, {
      token: await accessTokenFor('rival'),
      params: { advertiserId: DEMO_ACME },
    });
    expect(own.status).toBe(200);
    const logs = own.body.payload ?? [];
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.every((l) => l.bgAdvertiserId === DEMO_ACME)).toBe(true);
    const dates = logs.map((l) => l.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(foreign.status).toBe(404);
  });
});
