import '../../test-env';
import { describe, expect, it } from 'vitest';
import { CrmGrantError } from '../../domain/vendors/vendor-refusals';
import { VendorError } from '../../kernel/errors';
import { createHubspotOAuth } from './hubspot-oauth';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SECRETS: Record<string, string> = { HUBSPOT_CLIENT_ID: 'client-1', HUBSPOT_CLIENT_SECRET: 'secret-1' };

/** A client whose HubSpot answers from `answer`, recording each call's path and form. */
function clientAnswering(answer: (path: string, form: URLSearchParams) => Response) {
  const calls: Array<{ path: string; form: URLSearchParams }> = [];
  const oauth = createHubspotOAuth({
    baseUrl: 'http://crm.test/',
    authorizeUrl: 'http://crm.test/oauth/authorize',
    secrets: async (name) => SECRETS[name] as string,
    retry: { maxAttempts: 2, baseDelayMs: 0, maxDelayMs: 0, sleep: async () => undefined },
    fetch: async (url, init) => {
      const path = new URL(url).pathname;
      const form = new URLSearchParams(String(init?.body));
      calls.push({ path, form });
      return answer(path, form);
    },
  });
  return { oauth, calls };
}

const TOKENS = {
  token_type: 'bearer',
  access_token: 'at-1',
  refresh_token: 'rt-1',
  expires_in: 1800,
  token_use: 'access_token',
};

describe('HubSpot OAuth client (OAuth v3)', () => {
  it('exchanges a code on /oauth/2026-03/token with the app credentials in the form, once', async () => {
    // Prepare
    const { oauth, calls } = clientAnswering(() => json(200, TOKENS));

    // Act
    const tokens = await oauth.exchangeCode('code-1', 'http://web.test/advertisers');

    // Assess
    expect(tokens).toEqual({ accessToken: 'at-1', refreshToken: 'rt-1', expiresInSeconds: 1800 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/oauth/2026-03/token');
    expect(Object.fromEntries(calls[0]?.form ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: 'http://web.test/advertisers',
      client_id: 'client-1',
      client_secret: 'secret-1',
    });
  });

  it('never repeats a code exchange, even after a 5xx, and refuses a bad code as a grant to redo', async () => {
    // Prepare
    const failing = clientAnswering(() => json(503, { status: 'error', category: 'INTERNAL_ERROR' }));
    const refusing = clientAnswering(() => json(400, { status: 'BAD_AUTH_CODE', category: 'VALIDATION_ERROR' }));

    // Act
    const failed = failing.oauth.exchangeCode('code-1', 'r');
    const refused = refusing.oauth.exchangeCode('code-1', 'r');

    // Assess
    await expect(failed).rejects.toBeInstanceOf(VendorError);
    expect(failing.calls).toHaveLength(1);
    await expect(refused).rejects.toBeInstanceOf(CrmGrantError);
  });

  it('refreshes, keeping the refresh token when HubSpot sends none, and retries a 5xx', async () => {
    // Prepare
    const answers = [json(502, {}), json(200, { ...TOKENS, refresh_token: undefined, access_token: 'at-2' })];
    const { oauth, calls } = clientAnswering(() => answers.shift() as Response);

    // Act
    const tokens = await oauth.refresh('rt-1');

    // Assess
    expect(tokens).toEqual({ accessToken: 'at-2', refreshToken: 'rt-1', expiresInSeconds: 1800 });
    expect(calls.map((c) => c.form.get('grant_type'))).toEqual(['refresh_token', 'refresh_token']);
  });

  it('rejects a token reply without token_use, which no HubSpot v3 reply lacks', async () => {
    const { oauth } = clientAnswering(() => json(200, { ...TOKENS, token_use: undefined }));
    await expect(oauth.exchangeCode('c', 'r')).rejects.toThrow(/unexpected shape/);
  });

  it("reads the access token's portal from /oauth/2026-03/token/introspect", async () => {
    // Prepare
    const { oauth, calls } = clientAnswering(() =>
      json(200, { active: true, hub_id: 4410001, token_use: 'access_token', scopes: ['oauth'] }),
    );

    // Act
    const hubId = await oauth.portalIdOf('at-1');

    // Assess
    expect(hubId).toBe(4410001);
    expect(calls[0]?.path).toBe('/oauth/2026-03/token/introspect');
    expect(calls[0]?.form.get('token')).toBe('at-1');
    expect(calls[0]?.form.get('token_type_hint')).toBe('access_token');
  });

  it('revokes on /oauth/2026-03/token/revoke; a token HubSpot no longer knows is unknown', async () => {
    // Prepare
    const answers = [new Response(null, { status: 200 }), json(404, { status: 'error', category: 'OBJECT_NOT_FOUND' })];
    const { oauth, calls } = clientAnswering(() => answers.shift() as Response);

    // Act
    const first = await oauth.revoke('rt-1');
    const second = await oauth.revoke('rt-1');

    // Assess
    expect([first, second]).toEqual(['revoked', 'unknown']);
    expect(calls.map((c) => [c.path, c.form.get('token_type_hint')])).toEqual([
      ['/oauth/2026-03/token/revoke', 'refresh_token'],
      ['/oauth/2026-03/token/revoke', 'refresh_token'],
    ]);
  });
});
