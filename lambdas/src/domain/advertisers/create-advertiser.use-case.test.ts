import '../../test-env';
import { describe, expect, it } from 'vitest';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { VendorError } from '../../kernel/errors';
import type { TAdvertiserRecord } from './advertiser-record.schema';
import { ADVERTISER_ID_TAKEN, createAdvertiser } from './create-advertiser.use-case';
import type { CreateAdvertiserDeps } from './create-advertiser.use-case';
import { memoryLogger, recordFixture } from '../test-fakes';

const caller = { username: 'demo', agencyId: 'bgAgency-demo' };
const body = {
  name: 'Globex',
  // What the body's schema hands on: the phone in E.164.
  phone: '+15125550100',
  address_1: '1 Main St',
  address_2: '',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  domain: 'https://globex.example:8080#top',
  category: 'IAB3' as const,
};

function world(options: { bidderFails?: boolean; storeFails?: boolean } = {}) {
  // By id, with the agency that stored it: an id is reserved across agencies, as the store does.
  const stored = new Map<string, TAdvertiser>();
  const agencyOf = new Map<string, string>();
  const atBidder = new Map<number, unknown>();
  let nextBidderId = 500;
  const deps: CreateAdvertiserDeps = {
    advertisers: {
      getAdvertiser: async (agency, id) => {
        const found = agencyOf.get(id) === agency ? stored.get(id) : undefined;
        return found ? (recordFixture(found) as TAdvertiserRecord) : null;
      },
      putNewAdvertiser: async (agency, advertiser) => {
        if (options.storeFails) throw new Error('store unavailable');
        if (stored.has(advertiser.bgAdvertiserId)) return false;
        stored.set(advertiser.bgAdvertiserId, advertiser);
        agencyOf.set(advertiser.bgAdvertiserId, agency);
        return true;
      },
    },
    bidder: {
      createAdvertiser: async (input) => {
        if (options.bidderFails) throw new VendorError('bidder', 'answered 500');
        const id = nextBidderId++;
        atBidder.set(id, input);
        return id;
      },
      deleteAdvertiser: async (id) => {
        atBidder.delete(id);
      },
    },
    now: () => new Date('2026-11-25T10:00:00Z'),
    newAdvertiserId: () => 'bgAdvertiser-00000000-0000-4000-8000-000000000001',
    log: memoryLogger(),
  };
  return { deps, stored, atBidder };
}

describe('createAdvertiser', () => {
  it("creates it at the bidder with category IAB3 and stores it under the caller's agency", async () => {
    // Prepare
    const w = world();

    // Act
    const advertiser = await createAdvertiser(
      { caller, body: { ...body, createdBy: 'someone', parentAgencyId: 'bgAgency-rival' } },
      w.deps,
    );

    // Assess
    expect(advertiser).toMatchObject({
      bgAdvertiserId: 'bgAdvertiser-00000000-0000-4000-8000-000000000001',
      beeswaxAdvertiserId: 500,
      createdBy: 'demo',
      parentAgencyId: 'bgAgency-demo',
      category: 'IAB3',
      hubspot_authed: false,
      paymentMethod: null,
      createdAt: '2026-11-25T10:00:00.000Z',
    });
    expect(w.atBidder.get(500)).toMatchObject({
      name: 'Globex',
      category: 'IAB3',
      ourId: advertiser.bgAdvertiserId,
    });
  });

  it.each([
    'globex.example/path',
    'ftp://globex.example',
    'globex',
    '-bad-.example',
    'globex.example:0',
    'globex.example:99999',
  ])('refuses the domain %s with the spec message and calls nobody', async (domain) => {
    const w = world();
    await expect(createAdvertiser({ caller, body: { ...body, domain } }, w.deps)).rejects.toMatchObject({
      status: 400,
      fieldErrors: { domain: ['Must be a valid domain without path'] },
    });
    expect(w.atBidder.size).toBe(0);
  });

  it('leaves nothing behind when the bidder fails', async () => {
    const w = world({ bidderFails: true });
    await expect(createAdvertiser({ caller, body }, w.deps)).rejects.toBeInstanceOf(VendorError);
    expect(w.stored.size).toBe(0);
  });

  it('deletes the bidder advertiser again when the store write fails', async () => {
    const w = world({ storeFails: true });
    await expect(createAdvertiser({ caller, body }, w.deps)).rejects.toThrow('store unavailable');
    expect(w.atBidder.size).toBe(0);
  });

  it('answers a retry with a generated client id with the advertiser already created', async () => {
    // Prepare
    const w = world();
    const clientId = 'bgAdvertiser-1b4e28ba-2fa1-41d2-883f-0016d3cca427';
    const first = await createAdvertiser({ caller, body: { ...body, bgAdvertiserId: clientId } }, w.deps);

    // Act
    const retry = await createAdvertiser({ caller, body: { ...body, bgAdvertiserId: clientId } }, w.deps);

    // Assess
    expect(first.bgAdvertiserId).toBe(clientId);
    expect(retry).toEqual(first);
    expect(w.atBidder.size).toBe(1);
  });

  it('does not let a client pick a readable id', async () => {
    const w = world();
    const created = await createAdvertiser(
      { caller, body: { ...body, bgAdvertiserId: 'bgAdvertiser-demo-acme' } },
      w.deps,
    );
    expect(created.bgAdvertiserId).toBe('bgAdvertiser-00000000-0000-4000-8000-000000000001');
  });

  it("answers 409 for another agency's client id, keeping its advertiser and leaving nothing at the bidder", async () => {
    // Prepare: the demo agency's advertiser under a client-made id.
    const w = world();
    const clientId = 'bgAdvertiser-1b4e28ba-2fa1-41d2-883f-0016d3cca427';
    const demos = await createAdvertiser({ caller, body: { ...body, bgAdvertiserId: clientId } }, w.deps);

    // Act: the rival sends the same id.
    const rival = { username: 'rival', agencyId: 'bgAgency-rival' };
    const attempt = createAdvertiser(
      { caller: rival, body: { ...body, name: 'Mine', bgAdvertiserId: clientId } },
      w.deps,
    );

    // Assess
    await expect(attempt).rejects.toMatchObject({ status: 409, userMessage: ADVERTISER_ID_TAKEN });
    expect(w.stored.get(clientId)).toMatchObject({ name: demos.name, parentAgencyId: 'bgAgency-demo' });
    expect([...w.atBidder.keys()]).toEqual([demos.beeswaxAdvertiserId]);
  });
});
