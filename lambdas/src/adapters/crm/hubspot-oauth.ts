import * as z from '@bidgrid/shared/zod';
import { config } from '../../kernel/config';
import type { CrmOAuth, TCrmTokens } from '../../domain/ports/crm-oauth.port';
import type { SecretReader } from '../../domain/ports/secrets.port';
import { CrmGrantError } from '../../domain/vendors/vendor-refusals';
import { VendorError } from '../../kernel/errors';
import { getSecret } from '../secrets';
import { LOCAL_WEB_ORIGIN } from '../web-app-url';
import { DEFAULT_RETRY, vendorFetch, type RetryPolicy } from '../vendor-http';
import { HUBSPOT_PATHS } from './hubspot-paths';

/**
 * The scopes BidGrid asks for: companies and contacts (target companies, CRM re-targeting), lists,
 * and content (landing pages). `oauth` is required by HubSpot for every app.
 */
export const HUBSPOT_SCOPES = [
  'oauth',
  'crm.objects.companies.read',
  'crm.objects.contacts.read',
  'crm.lists.read',
  'content',
] as const;

const VENDOR = 'crm';
// Errors of this client name statuses only: HubSpot's request bodies carry tokens and the app's
// secret, and neither ever reaches a log.

/** `POST /oauth/2026-03/token` reply (HubSpot OAuth, `AccessTokenResponse`). */
const ZTokenReply = z.object({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.optional(z.string().check(z.minLength(1))),
  expires_in: z.number().check(z.int(), z.positive()),
  token_use: z.literal('access_token'),
});

/** `POST /oauth/2026-03/token/introspect` reply for an access token (`PublicAccessTokenInfoResponse`). */
const ZAccessTokenInfo = z.object({
  active: z.boolean(),
  hub_id: z.number().check(z.int()),
  token_use: z.literal('access_token'),
});

/** A token exchange is never repeated: a code is single-use, so a retried exchange could only fail. */
const NO_RETRY: RetryPolicy = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0 };
const TIMEOUT_MS = 15_000;

/** Options: where HubSpot (or the CRM simulator) is, and how to read the app's client credentials. */
export interface HubspotOAuthOptions {
  baseUrl: string;
  authorizeUrl: string;
  secrets: SecretReader;
  retry?: RetryPolicy;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}

/**
 * HubSpot OAuth through its current token API (OAuth v3, on its 2026-03 path: `HUBSPOT_PATHS`):
 * `POST /oauth/2026-03/token` (code exchange, refresh), `/oauth/2026-03/token/introspect` (the
 * portal of an access token) and `/oauth/2026-03/token/revoke`, form bodies with the app's client id
 * and secret. Plain HTTP: the @hubspot/api-client 13 OAuth classes speak only v1, whose token-info
 * routes HubSpot deprecated.
 */
export function createHubspotOAuth(options: HubspotOAuthOptions): CrmOAuth {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((url: string, init?: RequestInit) => fetch(url, init));
  const credentials = async (): Promise<{ client_id: string; client_secret: string }> => {
    const [clientId, clientSecret] = await Promise.all([
      options.secrets('HUBSPOT_CLIENT_ID'),
      options.secrets('HUBSPOT_CLIENT_SECRET'),
    ]);
    return { client_id: clientId, client_secret: clientSecret };
  };
  /** Posts an OAuth form with the app's credentials. */
  const post = async (what: string, path: string, fields: Record<string, string>, retry: RetryPolicy) => {
    const body = new URLSearchParams({ ...fields, ...(await credentials()) }).toString();
    return vendorFetch(
      VENDOR,
      what,
      () =>
        fetchImpl(`${base}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }),
      retry,
    );
  };
  /** Tokens from a token reply; a refused grant (400) is the user's to repeat, anything else HubSpot's. */
  const tokens = async (what: string, response: Response, keptRefreshToken?: string): Promise<TCrmTokens> => {
    if (response.status === 400) throw new CrmGrantError(`${what} refused by HubSpot`);
    if (!response.ok) throw new VendorError(VENDOR, `${what} failed with ${response.status}`);
    const parsed = ZTokenReply.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new VendorError(VENDOR, `${what} answered an unexpected shape`);
    // HubSpot keeps the refresh token on refresh; take a new one if it ever sends one.
    const refreshToken = parsed.data.refresh_token ?? keptRefreshToken;
    if (!refreshToken) throw new VendorError(VENDOR, `${what} answered without a refresh token`);
    return { accessToken: parsed.data.access_token, refreshToken, expiresInSeconds: parsed.data.expires_in };
  };

  return {
    async authorizeUrl({ state, redirectUri }) {
      const { client_id: clientId } = await credentials();
      const url = new URL(options.authorizeUrl);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', HUBSPOT_SCOPES.join(' '));
      url.searchParams.set('state', state);
      return url.toString();
    },

    async exchangeCode(code, redirectUri) {
      const fields = { grant_type: 'authorization_code', code, redirect_uri: redirectUri };
      return tokens('code exchange', await post('code exchange', HUBSPOT_PATHS.oauthToken, fields, NO_RETRY));
    },

    async refresh(refreshToken) {
      const fields = { grant_type: 'refresh_token', refresh_token: refreshToken };
      const retry = options.retry ?? DEFAULT_RETRY;
      return tokens(
        'token refresh',
        await post('token refresh', HUBSPOT_PATHS.oauthToken, fields, retry),
        refreshToken,
      );
    },

    async portalIdOf(accessToken) {
      const fields = { token: accessToken, token_type_hint: 'access_token' };
      const response = await post(
        'token introspection',
        HUBSPOT_PATHS.oauthIntrospect,
        fields,
        options.retry ?? DEFAULT_RETRY,
      );
      if (!response.ok) throw new VendorError(VENDOR, `token introspection failed with ${response.status}`);
      const parsed = ZAccessTokenInfo.safeParse(await response.json().catch(() => null));
      if (!parsed.success || !parsed.data.active) {
        throw new VendorError(VENDOR, 'token introspection answered no active access token');
      }
      return parsed.data.hub_id;
    },

    async revoke(refreshToken) {
      const fields = { token: refreshToken, token_type_hint: 'refresh_token' };
      const response = await post(
        'token revocation',
        HUBSPOT_PATHS.oauthRevoke,
        fields,
        options.retry ?? DEFAULT_RETRY,
      );
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return 'revoked';
      if (response.status === 404 || response.status === 400) return 'unknown';
      throw new VendorError(VENDOR, `token revocation failed with ${response.status}`);
    },
  };
}

let shared: CrmOAuth | undefined;

/** The HubSpot OAuth client of this warm Lambda. */
export function hubspotOAuth(): CrmOAuth {
  const cfg = config();
  shared ??= createHubspotOAuth({
    baseUrl: cfg.HUBSPOT_BASE_URL,
    authorizeUrl: cfg.HUBSPOT_AUTHORIZE_URL,
    secrets: getSecret,
  });
  return shared;
}

/**
 * Where HubSpot returns the browser: the SPA's `/advertisers` page, which forwards the `code` (and
 * `state`) to the advertiser's page (000 §2). HUBSPOT_REDIRECT_URI when set, else the first allowed
 * web origin (CORS_ORIGIN, required in the cloud), else the local web app's default address.
 */
export function hubspotRedirectUri(): string {
  const cfg = config();
  if (cfg.HUBSPOT_REDIRECT_URI) return cfg.HUBSPOT_REDIRECT_URI;
  const origin = cfg.CORS_ORIGIN[0] ?? LOCAL_WEB_ORIGIN;
  return `${origin.replace(/\/+$/, '')}/advertisers`;
}
