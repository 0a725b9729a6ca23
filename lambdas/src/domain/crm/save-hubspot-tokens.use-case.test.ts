import '../../test-env';
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { decryptText } from '../../kernel/crypto';
import { BadRequestError, NotFoundError } from '../../kernel/errors';
import type { TAdvertiserRecord } from '../advertisers/advertiser-record.schema';
import { crmAccessToken, CRM_RECONNECT } from './crm-access-token.use-case';
import type { TCrmConnection, TOAuthStateRecord } from './crm-connection.schema';
import { deleteHubspotTokens } from './delete-hubspot-tokens.use-case';
import { getHubspotAuthUrl } from './get-hubspot-auth-url.use-case';
import { CRM_STATE_REFUSED, crmTokenContext, saveHubspotTokens } from './save-hubspot-tokens.use-case';
import type { TCrmTokens } from '../ports/crm-oauth.port';
import type { SaveHubspotTokensDeps } from './save-hubspot-tokens.use-case';
import { memoryLogger, recordFixture } from '../test-fakes';
import { CrmGrantError } from '../vendors/vendor-refusals';

const AGENCY = 'bgAgency-demo';
const ADV = 'bgAdvertiser-acme';
const keys = {
  crmTokens: randomBytes(32),
  oauthState: randomBytes(32),
  pageCursor: randomBytes(32),
  pickerTicket: randomBytes(32),
};
let now = new Date('2026-11-25T10:00:00Z');

/** An in-memory CRM store and HubSpot. */
function world() {
  const advertisers = new Map<string, TAdvertiserRecord>([[ADV, recordFixture()]]);
  const states = new Map<string, TOAuthStateRecord>();
  const connections = new Map<string, TCrmConnection>();
  const portals = new Map<number, string>();
  const revoked: string[] = [];
  const refreshed: string[] = [];
  let issued = 0;
  const issue = (): TCrmTokens => ({
    accessToken: `access-${++issued}`,
    refreshToken: `refresh-${issued}`,
    expiresInSeconds: 1800,
  });
  const advertiserReader = {
    getAdvertiser: async (agencyId: string, id: string) => (agencyId === AGENCY ? (advertisers.get(id) ?? null) : null),
  };
  const crm = {
    putState: async (nonce: string, record: TOAuthStateRecord) => {
      states.set(nonce, record);
    },
    consumeState: async (nonce: string) => {
      const found = states.get(nonce) ?? null;
      states.delete(nonce);
      return found;
    },
    getConnection: async (_agency: string, id: string) => connections.get(id) ?? null,
    connect: async (_agency: string, id: string, connection: TCrmConnection, previous: number | null) => {
      const current = advertisers.get(id);
      if (!current) return false;
      connections.set(id, connection);
      if (previous !== null) portals.delete(previous);
      portals.set(connection.portalId, id);
      advertisers.set(id, { ...current, hubspot_authed: true, hubspot_portal_id: connection.portalId });
      return true;
    },
    disconnect: async (_agency: string, id: string, portalId: number | null) => {
      const current = advertisers.get(id);
      if (!current) return false;
      connections.delete(id);
      if (portalId !== null) portals.delete(portalId);
      advertisers.set(id, { ...current, hubspot_authed: false, hubspot_portal_id: null });
      return true;
    },
    replaceTokens: async (
      _agency: string,
      id: string,
      version: number,
      tokens: Pick<TCrmConnection, 'sealedAccessToken' | 'sealedRefreshToken' | 'accessTokenExpiresAt'>,
    ) => {
      const current = connections.get(id);
      if (!current || current.version !== version) return false;
      connections.set(id, { ...current, ...tokens, version: version + 1 });
      return true;
    },
  };
  const oauth = {
    authorizeUrl: async ({ state, redirectUri }: { state: string; redirectUri: string }) =>
      `https://app.hubspot.test/oauth/authorize?${new URLSearchParams({ state, redirect_uri: redirectUri })}`,
    exchangeCode: async (code: string) => {
      if (code === 'bad-code') throw new CrmGrantError('BAD_AUTH_CODE');
      return issue();
    },
    portalIdOf: async () => 4410001,
    revoke: async (token: string) => {
      revoked.push(token);
      return 'revoked' as const;
    },
    refresh: async (token: string) => {
      if (token === 'refresh-dead') throw new CrmGrantError('BAD_REFRESH_TOKEN');
      refreshed.push(token);
      return { ...issue(), refreshToken: token };
    },
  };
  const deps: SaveHubspotTokensDeps = {
    advertisers: advertiserReader,
    crm,
    oauth,
    keys: async () => keys,
    redirectUri: 'http://127.0.0.1:5173/advertisers',
    now: () => now,
    log: memoryLogger(),
  };
  const start = async (username = 'demo') => {
    const url = await getHubspotAuthUrl(
      { agencyId: AGENCY, username, advertiserId: ADV },
      { ...deps, oauth, states: crm, stateKey: async () => keys.oauthState },
    );
    return new URL(url).searchParams.get('state') as string;
  };
  return { deps, crm, oauth, advertisers, connections, portals, revoked, refreshed, states, start };
}

const save = (
  w: ReturnType<typeof world>,
  state: string,
  overrides: Partial<{ username: string; code: string; adv: string }> = {},
) =>
  saveHubspotTokens(
    {
      agencyId: AGENCY,
      username: overrides.username ?? 'demo',
      body: { code: overrides.code ?? 'good-code', bgAdvertiserId: overrides.adv ?? ADV, state },
    },
    w.deps,
  );

beforeEach(() => {
  now = new Date('2026-11-25T10:00:00Z');
});

describe('HubSpot connection', () => {
  it('connects with a state it issued: tokens stored encrypted, advertiser marked with the portal', async () => {
    // Prepare
    const w = world();
    const state = await w.start();

    // Act
    const advertiser = await save(w, state);

    // Assess
    expect(advertiser).toMatchObject({ bgAdvertiserId: ADV, hubspot_authed: true, hubspot_portal_id: 4410001 });
    expect(JSON.stringify(advertiser)).not.toContain('access-1');
    const stored = w.connections.get(ADV) as TCrmConnection;
    expect(JSON.stringify(stored)).not.toContain('refresh-1');
    expect(decryptText(stored.sealedRefreshToken, keys.crmTokens, crmTokenContext(AGENCY, ADV))).toBe('refresh-1');
    expect(w.portals.get(4410001)).toBe(ADV);
  });

  it('refuses a forged state, a reused one, an expired one and one issued to another user', async () => {
    // Prepare
    const w = world();
    const state = await w.start();
    const forged = `${Buffer.from(JSON.stringify({ a: AGENCY, u: 'demo', adv: ADV, n: 'x'.repeat(20), exp: 2e9 })).toString('base64url')}.sig`;

    // Act + Assess
    await expect(save(w, forged)).rejects.toMatchObject({ status: 400, userMessage: CRM_STATE_REFUSED });
    await expect(save(w, state, { username: 'someone-else' })).rejects.toThrow(BadRequestError);
    await save(w, state); // the owner can still use it: the stolen use did not spend the nonce
    await expect(save(w, state)).rejects.toMatchObject({ status: 400, userMessage: CRM_STATE_REFUSED });
    const late = await w.start();
    now = new Date(now.getTime() + 11 * 60_000);
    await expect(save(w, late)).rejects.toMatchObject({ status: 400, userMessage: CRM_STATE_REFUSED });
  });

  it('answers 400 when HubSpot refuses the code', async () => {
    const w = world();
    await expect(save(w, await w.start(), { code: 'bad-code' })).rejects.toMatchObject({ status: 400 });
  });

  it('revokes the previous refresh token on reconnect and on disconnect', async () => {
    // Prepare
    const w = world();
    await save(w, await w.start());
    await save(w, await w.start());

    // Act
    const after = await deleteHubspotTokens({ agencyId: AGENCY, advertiserId: ADV }, { ...w.deps, crm: w.crm });

    // Assess
    expect(w.revoked).toEqual(['refresh-1', 'refresh-2']);
    expect(after).toMatchObject({ hubspot_authed: false, hubspot_portal_id: null });
    expect(w.connections.size).toBe(0);
    expect(w.portals.size).toBe(0);
  });

  it('answers 404 for an advertiser of another agency', async () => {
    const w = world();
    await expect(
      getHubspotAuthUrl(
        { agencyId: 'bgAgency-rival', username: 'rival', advertiserId: ADV },
        { ...w.deps, oauth: w.oauth, states: w.crm, stateKey: async () => keys.oauthState },
      ),
    ).rejects.toThrow(NotFoundError);
  });
});

describe('crmAccessToken', () => {
  it('uses the stored token while fresh and refreshes it shortly before expiry', async () => {
    // Prepare
    const w = world();
    await save(w, await w.start());
    const deps = { crm: w.crm, oauth: w.oauth, keys: async () => keys, now: () => now };

    // Act
    const fresh = await crmAccessToken({ agencyId: AGENCY, advertiserId: ADV }, deps);
    now = new Date(now.getTime() + 26 * 60_000);
    const refreshed = await crmAccessToken({ agencyId: AGENCY, advertiserId: ADV }, deps);

    // Assess
    expect(fresh).toEqual({ accessToken: 'access-1', portalId: 4410001 });
    expect(refreshed.accessToken).toBe('access-2');
    expect(w.refreshed).toEqual(['refresh-1']);
    expect(w.connections.get(ADV)?.version).toBe(2);
  });

  it('refreshes a token HubSpot refused before its stored expiry, unless another call already replaced it', async () => {
    // Prepare
    const w = world();
    await save(w, await w.start());
    const deps = { crm: w.crm, oauth: w.oauth, keys: async () => keys, now: () => now };

    // Act: access-1 still looks fresh, but HubSpot refused it in the middle of a fetch.
    const forced = await crmAccessToken({ agencyId: AGENCY, advertiserId: ADV, refused: 'access-1' }, deps);
    const late = await crmAccessToken({ agencyId: AGENCY, advertiserId: ADV, refused: 'access-1' }, deps);

    // Assess: one refresh; the second caller, refused with the old token, gets the new one.
    expect(forced.accessToken).toBe('access-2');
    expect(late.accessToken).toBe('access-2');
    expect(w.refreshed).toEqual(['refresh-1']);
  });

  it('asks to reconnect when HubSpot refuses the refresh token', async () => {
    // Prepare
    const w = world();
    await save(w, await w.start());
    const stored = w.connections.get(ADV) as TCrmConnection;
    const { encryptText } = await import('../../kernel/crypto');
    w.connections.set(ADV, {
      ...stored,
      accessTokenExpiresAt: now.getTime(),
      sealedRefreshToken: encryptText('refresh-dead', keys.crmTokens, crmTokenContext(AGENCY, ADV)),
    });

    // Act + Assess
    await expect(
      crmAccessToken(
        { agencyId: AGENCY, advertiserId: ADV },
        { crm: w.crm, oauth: w.oauth, keys: async () => keys, now: () => now },
      ),
    ).rejects.toMatchObject({ status: 400, userMessage: CRM_RECONNECT });
  });
});
