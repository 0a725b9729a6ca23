import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { createLogger } from '../support/logger';
import { createBidderSimulator } from './bidder';
import { serve } from './test-server';

const dir = mkdtempSync(join(tmpdir(), 'bidder-sim-'));
const stateFile = join(dir, 'bidder.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Signs in as the handlers would and returns a fetch bound to the session cookie. */
async function session(url: string) {
  const auth = await fetch(`${url}/rest/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SIMULATOR_SECRETS.BIDDER_EMAIL, password: SIMULATOR_SECRETS.BIDDER_PASSWORD }),
  });
  expect(auth.status).toBe(200);
  const cookie = (auth.headers.get('set-cookie') ?? '').split(';')[0] as string;
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; payload: unknown; message?: string } };
  };
}

describe('bidder simulator', () => {
  it('answers /health and refuses calls without a session', async () => {
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      expect(await (await fetch(`${sim.url}/health`)).json()).toEqual({ status: 'ok', vendor: 'bidder' });
      const denied = await fetch(`${sim.url}/rest/advertiser`);
      expect(denied.status).toBe(401);
      expect(await denied.json()).toMatchObject({ success: false });
      const badLogin = await fetch(`${sim.url}/rest/authenticate`, {
        method: 'POST',
        body: JSON.stringify({ email: 'x@y.z', password: 'nope' }),
      });
      expect(badLogin.status).toBe(401);
    } finally {
      await sim.close();
    }
  });

  it('creates, reads, updates and deletes with Beeswax envelopes, and keeps data across restarts', async () => {
    // Prepare
    const first = await serve(createBidderSimulator({ stateFile, logger: createLogger('silent') }).server);
    const call = await session(first.url);
    // Act
    const advertiser = await call('POST', '/rest/advertiser', { advertiser_name: 'Acme', active: true });
    const advertiserId = (advertiser.body.payload as { id: number }).id;
    const campaign = await call('POST', '/rest/campaign', { advertiser_id: advertiserId, campaign_name: 'Q1' });
    const campaignId = (campaign.body.payload as { id: number }).id;
    const orphan = await call('POST', '/rest/campaign', { advertiser_id: 999, campaign_name: 'Lost' });
    const missing = await call('POST', '/rest/line_item', { campaign_id: campaignId });
    const updated = await call('PUT', `/rest/campaign/${campaignId}`, { campaign_name: 'Q1 renamed', active: true });
    const byFilter = await call('GET', `/rest/campaign?advertiser_id=${advertiserId}`);
    await first.close();
    // Assess: a new simulator on the same file sees the data.
    const second = await serve(createBidderSimulator({ stateFile, logger: createLogger('silent') }).server);
    const again = await session(second.url);
    const read = await again('GET', `/rest/campaign/${campaignId}`);
    const removed = await again('DELETE', '/rest/campaign', { campaign_id: campaignId });
    const afterDelete = await again('GET', `/rest/campaign/${campaignId}`);
    await second.close();

    expect(advertiser).toMatchObject({ status: 200, body: { success: true, message: 'Advertiser created' } });
    expect(orphan.status).toBe(400);
    expect(missing.body).toMatchObject({
      success: false,
      errors: expect.arrayContaining(['ERROR: advertiser_id is required']),
    });
    expect(updated.body).toMatchObject({ success: true, payload: [{ id: campaignId }] });
    expect(byFilter.body.payload).toHaveLength(1);
    expect(read.body.payload).toEqual([
      expect.objectContaining({
        campaign_id: campaignId,
        campaign_name: 'Q1 renamed',
        active: true,
        advertiser_id: advertiserId,
      }),
    ]);
    expect(removed.body).toMatchObject({ success: true, message: 'Campaign deleted' });
    expect(afterDelete.body.payload).toEqual([]);
  });

  it('gives segments a Beeswax-style segment key', async () => {
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      const call = await session(sim.url);
      const created = await call('POST', '/rest/segment', { segment_name: 'Visitors', segment_description: 'site' });
      const id = (created.body.payload as { id: number }).id;
      const read = await call('GET', `/rest/segment/${id}`);
      expect(read.body.payload).toEqual([expect.objectContaining({ segment_key: `bidgridlocal-${id}` })]);
    } finally {
      await sim.close();
    }
  });
});
