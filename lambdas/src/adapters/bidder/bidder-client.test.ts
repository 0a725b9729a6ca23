import '../../test-env';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VendorError } from '../../kernel/errors';
import { buzzKeyOf, createBidderClient, hashedEmail, targetingModules } from './bidder-client';

/**
 * The client's own rules, without a bidder. Every route against the simulator, and every reply
 * checked against its wire description: test/contract/bidder.contract.test.ts.
 */

const secrets = async (name: string) => (name === 'BIDDER_EMAIL' ? 'api@bidgrid.local' : 'pw');
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A bidder that signs in and answers every other call with `reply`, recording the calls. */
function fakeBidder(reply: () => Response) {
  const calls: string[] = [];
  const fetchFake: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname === '/rest/v2/authenticate') {
      return json(200, { message: 'ok' }, { 'set-cookie': 'acme_buzz_cookie=s1; Path=/; HttpOnly' });
    }
    return reply();
  };
  return { fetchFake, calls };
}

describe('bidder client', () => {
  it('writes targeting as v2 modules: alpha-3 countries, USA/NJ regions, CIDR ranges, lists by id', () => {
    // Act
    const modules = targetingModules({
      countries: ['USA'],
      regions: [{ country: 'USA', region: 'NJ' }],
      zips: [{ country: 'USA', zip: '07030' }],
      ipRanges: ['23.24.240.0/29'],
      domainListIds: [4],
    });
    const withLists = targetingModules(
      { zips: [{ country: 'USA', zip: '07030' }], audiences: [['acme-1', 'acme-2']] },
      { zipListId: 9 },
    );
    const twoLayers = targetingModules({ audiences: [['role-1', 'role-2'], ['visitors-1'], []] });

    // Assess
    expect(modules).toEqual({
      geo: {
        all: {
          country: { any: [{ comparator: 'equals', value: 'USA' }] },
          region: { any: [{ comparator: 'equals', value: 'USA/NJ' }] },
          zip: { any: [{ comparator: 'equals', value: 'USA/07030' }] },
        },
      },
      user: { all: { ip_range: { any: [{ comparator: 'equals', value: '23.24.240.0/29' }] } } },
      inventory: { all: { domain_list: { any: [{ comparator: 'in_list', value: 4 }] } } },
    });
    expect(withLists).toEqual({
      geo: { all: { zip_list: { any: [{ comparator: 'in_list', value: 9 }] } } },
      user: { all: { segment: { any: [{ comparator: 'boolean_expression', value: 'acme-1 OR acme-2' }] } } },
    });
    expect(twoLayers).toEqual({
      user: {
        all: { segment: { any: [{ comparator: 'boolean_expression', value: '(role-1 OR role-2) AND visitors-1' }] } },
      },
    });
    expect(targetingModules({})).toEqual({});
  });

  it('hashes e-mails as the bidder wants them: SHA-256 of the trimmed, upper-cased address and the salt', () => {
    expect(hashedEmail(' Ann@Acme.example ', 'salt')).toBe(
      createHash('sha256').update('ANN@ACME.EXAMPLEsalt').digest('hex'),
    );
    expect(hashedEmail('ann@acme.example', 'salt')).not.toBe(hashedEmail('ann@acme.example', 'other'));
  });

  it('takes the buzz key from the configuration or the bidder host', () => {
    expect(buzzKeyOf('https://stinger.api.beeswax.com')).toBe('stinger');
    expect(buzzKeyOf('http://127.0.0.1:9000', 'bidgridlocal')).toBe('bidgridlocal');
    expect(() => buzzKeyOf('http://127.0.0.1:9000')).toThrow(/BIDDER_BUZZ_KEY/);
  });

  it('never sends a body its route description refuses', async () => {
    // Prepare
    const bidder = fakeBidder(() => json(201, { id: 1 }));
    const client = createBidderClient({
      baseUrl: 'http://bidder.test',
      buzzKey: 'acme',
      secrets,
      fetch: bidder.fetchFake,
    });

    // Act
    const attempt = client.createCampaign({
      advertiserId: 3,
      name: '',
      ourId: 'bg-campaign-x',
      totalBudget: 10,
      dailyBudget: 1,
      startDate: '2026-01-01',
      endDate: '2026-01-02',
      active: true,
    });

    // Assess
    await expect(attempt).rejects.toThrow();
    expect(bidder.calls).toEqual([]);
  });

  it("turns a refusal, or a reply that is not the described one, into a VendorError with the bidder's words", async () => {
    // Prepare
    const refusing = fakeBidder(() => json(400, { advertiser_id: ['Invalid pk "3" - object does not exist.'] }));
    const drifting = fakeBidder(() => json(201, { ident: 1 }));
    const make = (fetchFake: typeof fetch) =>
      createBidderClient({
        baseUrl: 'http://bidder.test',
        buzzKey: 'acme',
        secrets,
        fetch: fetchFake,
      }).createAdvertiser({
        name: 'Acme',
        ourId: 'a',
        category: 'IAB3',
        domain: 'acme.example',
        active: true,
      });

    // Act
    const refused = make(refusing.fetchFake);
    const drifted = make(drifting.fetchFake);

    // Assess
    await expect(refused).rejects.toBeInstanceOf(VendorError);
    await expect(refused).rejects.toMatchObject({ status: 502 });
    await expect(refused).rejects.toThrow(/answered 400: advertiser_id: Invalid pk "3"/);
    await expect(drifted).rejects.toThrow(/not the described one: .*id: Invalid input/);
  });

  it('deletes a segment it made again when its key cannot be read, so a failed creation leaves none', async () => {
    // Prepare: the segment is made; reading it back fails on every attempt.
    const bidder = fakeBidder(() => json(500, { detail: 'down' }));
    const fetchFake: typeof fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (init?.method === 'POST' && path === '/rest/segment') {
        await bidder.fetchFake(input, init);
        return json(200, { success: true, payload: { id: 7 } });
      }
      if (init?.method === 'DELETE' && path === '/rest/segment/7') {
        await bidder.fetchFake(input, init);
        return json(200, { success: true, payload: [{ id: 7 }] });
      }
      return bidder.fetchFake(input, init);
    };
    const client = createBidderClient({
      baseUrl: 'http://bidder.test',
      buzzKey: 'acme',
      secrets,
      fetch: fetchFake,
      sleep: async () => undefined,
    });

    // Act
    const made = client.createSegment({ name: 'Hashed Emails for X', advertiserId: 3, ourId: 'bg-campaign-x:emails' });

    // Assess
    await expect(made).rejects.toBeInstanceOf(VendorError);
    expect(bidder.calls.filter((call) => !call.includes('authenticate'))).toEqual([
      'POST /rest/segment',
      ...Array<string>(5).fill('GET /rest/segment/7'),
      'DELETE /rest/segment/7',
    ]);
  });
});
