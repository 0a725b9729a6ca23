import '../../test-env';
import { describe, expect, it } from 'vitest';
import { VendorError } from '../../lib/errors';
import { createBidderClient } from './bidder-client';

const secrets = async (name: string) => (name === 'BIDDER_EMAIL' ? 'api@bidgrid.local' : 'pw');
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A fake Buzz API: sessions, advertiser creation and deletion, a session that can expire. */
function fakeBidder() {
  const calls: Array<{ method: string; path: string; cookie: string | null; body: unknown }> = [];
  let sessions = 0;
  let expireNext = false;
  const fetchFake: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, cookie: headers.get('cookie'), body });
    if (url.pathname === '/rest/authenticate') {
      sessions++;
      return json(200, { success: true, payload: [] }, { 'set-cookie': `PHPSESSID=s${sessions}; Path=/; HttpOnly` });
    }
    if (expireNext) {
      expireNext = false;
      return json(401, { success: false, message: 'Authentication failed' });
    }
    if (url.pathname === '/rest/advertiser' && init?.method === 'POST') {
      const name = (body as { advertiser_name?: string }).advertiser_name;
      if (!name)
        return json(400, {
          success: false,
          message: 'Unable to create Advertiser',
          errors: ['ERROR: advertiser_name is required'],
        });
      return json(200, { success: true, payload: { id: 77 } });
    }
    return json(200, { success: true, payload: [{ id: 77 }] });
  };
  return { fetchFake, calls, expire: () => (expireNext = true) };
}

const input = {
  name: 'Globex',
  ourId: 'bgAdvertiser-x',
  category: 'IAB3',
  domain: 'globex.example',
  active: true,
};

describe('bidder client', () => {
  it('signs in once, then creates advertisers with the session cookie', async () => {
    // Prepare
    const bidder = fakeBidder();
    const client = createBidderClient({ baseUrl: 'http://bidder.test/', secrets, fetch: bidder.fetchFake });

    // Act
    const first = await client.createAdvertiser(input);
    await client.createAdvertiser(input);

    // Assess
    expect(first).toBe(77);
    expect(bidder.calls.map((c) => `${c.method} ${c.path} ${c.cookie ?? '-'}`)).toEqual([
      'POST /rest/authenticate -',
      'POST /rest/advertiser PHPSESSID=s1',
      'POST /rest/advertiser PHPSESSID=s1',
    ]);
    expect(bidder.calls[0]?.body).toMatchObject({ email: 'api@bidgrid.local', password: 'pw' });
    expect(bidder.calls[1]?.body).toEqual({
      advertiser_name: 'Globex',
      alternative_id: 'bgAdvertiser-x',
      advertiser_category: 'IAB3',
      default_advertiser_domain: 'globex.example',
      active: true,
    });
  });

  it("sends a change in the bidder's field names, and only the fields that changed", async () => {
    // Prepare
    const bidder = fakeBidder();
    const client = createBidderClient({ baseUrl: 'http://bidder.test', secrets, fetch: bidder.fetchFake });

    // Act
    await client.updateCampaign(70, { dailyBudget: 120, active: false });
    await client.updateLineItem(71, { cpmBid: 12.5, dailyBudget: 60 });
    await client.updateCreative(72, { clickUrl: 'https://acme.example/new' });

    // Assess
    expect(bidder.calls.slice(1).map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/rest/campaign/70', { daily_budget: 120, budget_type: 2, active: false }],
      [
        'PUT',
        '/rest/line_item/71',
        { bidding: { bidding_strategy: 'CPM', values: { cpm_bid: 12.5 } }, daily_budget: 60 },
      ],
      ['PUT', '/rest/creative/72', { click_url: 'https://acme.example/new' }],
    ]);
  });

  it('signs in again once when the session expired', async () => {
    const bidder = fakeBidder();
    const client = createBidderClient({ baseUrl: 'http://bidder.test', secrets, fetch: bidder.fetchFake });
    await client.createAdvertiser(input);
    bidder.expire();
    await client.deleteAdvertiser(77);
    expect(bidder.calls.slice(-3).map((c) => `${c.method} ${c.path} ${c.cookie ?? '-'}`)).toEqual([
      'DELETE /rest/advertiser/77 PHPSESSID=s1',
      'POST /rest/authenticate -',
      'DELETE /rest/advertiser/77 PHPSESSID=s2',
    ]);
  });

  it('turns a refusal or an unreachable bidder into a VendorError', async () => {
    const bidder = fakeBidder();
    const client = createBidderClient({ baseUrl: 'http://bidder.test', secrets, fetch: bidder.fetchFake });
    await expect(client.createAdvertiser({ ...input, name: '' })).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('advertiser_name is required'),
    });
    const down = createBidderClient({
      baseUrl: 'http://bidder.test',
      secrets,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(down.createAdvertiser(input)).rejects.toBeInstanceOf(VendorError);
  });
});
