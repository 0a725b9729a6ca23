import { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { createLogger } from '../support/logger';
import { createHubSpotSimulator } from './hubspot';
import { serve } from './test-server';

const REDIRECT = 'http://127.0.0.1:5173/advertisers';

describe('CRM simulator with @hubspot/api-client', () => {
  let sim: Awaited<ReturnType<typeof serve>>;
  let hubspot: Client;

  beforeAll(async () => {
    sim = await serve(createHubSpotSimulator({ logger: createLogger('silent') }).server);
    hubspot = new Client({ basePath: sim.url, numberOfApiCallRetries: 0 });
  });
  afterAll(() => sim.close());

  /** Walks the authorize page as a person would: open it, pick the first portal, follow the redirect. */
  async function authorize(state: string): Promise<URL> {
    const page = await fetch(
      `${sim.url}/oauth/authorize?${new URLSearchParams({
        client_id: SIMULATOR_SECRETS.HUBSPOT_CLIENT_ID,
        redirect_uri: REDIRECT,
        scope: 'crm.objects.companies.read crm.lists.read',
        state,
      })}`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    const href = /href="(\/oauth\/authorize\/grant[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    if (!href) throw new Error('no portal link on the authorize page');
    const grant = await fetch(`${sim.url}${href}`, { redirect: 'manual' });
    expect(grant.status).toBe(302);
    return new URL(grant.headers.get('location') as string);
  }

  it('answers /health', async () => {
    expect(await (await fetch(`${sim.url}/health`)).json()).toEqual({ status: 'ok', vendor: 'hubspot' });
  });

  it('runs the authorization-code flow, token info and refresh', async () => {
    // Act
    const back = await authorize('bgAdvertiser-1');
    const code = back.searchParams.get('code') as string;
    const tokens = await hubspot.oauth.tokensApi.create(
      'authorization_code',
      code,
      REDIRECT,
      SIMULATOR_SECRETS.HUBSPOT_CLIENT_ID,
      SIMULATOR_SECRETS.HUBSPOT_CLIENT_SECRET,
    );
    const info = await hubspot.oauth.accessTokensApi.get(tokens.accessToken);
    const refreshed = await hubspot.oauth.tokensApi.create(
      'refresh_token',
      undefined,
      undefined,
      SIMULATOR_SECRETS.HUBSPOT_CLIENT_ID,
      SIMULATOR_SECRETS.HUBSPOT_CLIENT_SECRET,
      tokens.refreshToken,
    );
    // Assess
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('bgAdvertiser-1');
    expect(tokens).toMatchObject({ tokenType: 'bearer', expiresIn: 1800 });
    expect(info).toMatchObject({
      hubId: 4410001,
      tokenType: 'access',
      scopes: ['crm.objects.companies.read', 'crm.lists.read'],
    });
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    const refreshInfo = await hubspot.oauth.refreshTokensApi.get(tokens.refreshToken);
    expect(refreshInfo).toMatchObject({ hubId: 4410001, tokenType: 'refresh' });
    await hubspot.oauth.refreshTokensApi.archive(tokens.refreshToken);
    await expect(hubspot.oauth.refreshTokensApi.get(tokens.refreshToken)).rejects.toBeDefined();
  });

  it("refuses a code twice and a wrong secret, with HubSpot's error statuses", async () => {
    const code = (await authorize('s')).searchParams.get('code') as string;
    const exchange = (secret: string) =>
      fetch(`${sim.url}/oauth/v1/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: SIMULATOR_SECRETS.HUBSPOT_CLIENT_ID,
          client_secret: secret,
          redirect_uri: REDIRECT,
          code,
        }).toString(),
      });
    const wrongSecret = await exchange('nope');
    const first = await exchange(SIMULATOR_SECRETS.HUBSPOT_CLIENT_SECRET);
    const second = await exchange(SIMULATOR_SECRETS.HUBSPOT_CLIENT_SECRET);
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toMatchObject({ status: 'BAD_CLIENT_SECRET' });
    expect(first.status).toBe(200);
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ status: 'BAD_AUTH_CODE' });
  });

  it("pages through the token's portal's lists with HubSpot's search shape, and refuses without a token", async () => {
    // Prepare
    const back = await authorize('bgAdvertiser-2');
    const tokens = await hubspot.oauth.tokensApi.create(
      'authorization_code',
      back.searchParams.get('code') as string,
      REDIRECT,
      SIMULATOR_SECRETS.HUBSPOT_CLIENT_ID,
      SIMULATOR_SECRETS.HUBSPOT_CLIENT_SECRET,
    );
    const search = (body: unknown, token: string | null = tokens.accessToken) =>
      fetch(`${sim.url}/crm/v3/lists/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });

    // Act
    const first = (await (await search({ count: 2, offset: 0, objectTypeId: '0-2' })).json()) as {
      lists: Array<{
        listId: string;
        name: string;
        objectTypeId: string;
        additionalProperties: Record<string, string>;
      }>;
      hasMore: boolean;
      offset: number;
      total: number;
    };
    const second = (await (
      await search({ count: 2, offset: first.offset, objectTypeId: '0-2' })
    ).json()) as typeof first;
    const named = (await (await search({ query: 'webinar' })).json()) as typeof first;
    const anonymous = await search({}, null);

    // Assess: the first portal of the authorize page is the demo agency's.
    expect(first).toMatchObject({ hasMore: true, offset: 2, total: 3 });
    expect(first.lists[0]).toMatchObject({
      listId: '101',
      name: 'Target Accounts Q4',
      objectTypeId: '0-2',
      processingType: 'MANUAL',
      additionalProperties: { hs_list_size: '24' },
    });
    expect(second).toMatchObject({ hasMore: false, offset: 3 });
    expect([...first.lists, ...second.lists].every((list) => list.objectTypeId === '0-2')).toBe(true);
    expect(named.lists.map((list) => list.name)).toEqual(['Webinar Attendees']);
    expect(anonymous.status).toBe(401);
    expect((await search({ count: 501 })).status).toBe(400);
  });
});
