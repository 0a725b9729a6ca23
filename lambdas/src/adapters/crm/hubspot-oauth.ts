import { config } from '../../config';
import type { CrmOAuth } from '../../domain/ports/crm-oauth.port';
import type { SecretReader } from '../../domain/ports/secrets.port';
import { CrmGrantError } from '../../domain/vendor-refusals';
import { VendorError } from '../../lib/errors';
import { getSecret } from '../secrets';
import { OauthDiscovery } from './hubspot-oauth-client';

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
// Errors of this client are logged without their cause: HubSpot's request URLs and bodies can
// carry tokens (`/oauth/v1/access-tokens/{token}`), and tokens never reach a log.

const statusOf = (error: unknown): number | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
};

/** Options: where HubSpot (or the CRM simulator) is, and how to read the app's client credentials. */
export interface HubspotOAuthOptions {
  baseUrl: string;
  authorizeUrl: string;
  secrets: SecretReader;
}

/** The @hubspot/api-client implementation, its `basePath` at HUBSPOT_BASE_URL. */
export function createHubspotOAuth(options: HubspotOAuthOptions): CrmOAuth {
  // No retries of our own: a token exchange must not be repeated (a code is single-use).
  const client = {
    oauth: new OauthDiscovery({ basePath: options.baseUrl.replace(/\/+$/, ''), numberOfApiCallRetries: 0 }),
  };
  const credentials = async (): Promise<{ clientId: string; clientSecret: string }> => {
    const [clientId, clientSecret] = await Promise.all([
      options.secrets('HUBSPOT_CLIENT_ID'),
      options.secrets('HUBSPOT_CLIENT_SECRET'),
    ]);
    return { clientId, clientSecret };
  };
  const grantFailure = (what: string, error: unknown): never => {
    const status = statusOf(error);
    if (status === 400) throw new CrmGrantError(`${what} refused by HubSpot`);
    throw new VendorError(VENDOR, `${what} failed${status ? ` with ${status}` : ''}`);
  };

  return {
    async authorizeUrl({ state, redirectUri }) {
      const { clientId } = await credentials();
      const url = new URL(options.authorizeUrl);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', HUBSPOT_SCOPES.join(' '));
      url.searchParams.set('state', state);
      return url.toString();
    },

    async exchangeCode(code, redirectUri) {
      const { clientId, clientSecret } = await credentials();
      try {
        const tokens = await client.oauth.tokensApi.create(
          'authorization_code',
          code,
          redirectUri,
          clientId,
          clientSecret,
        );
        return {
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          expiresInSeconds: tokens.expiresIn,
        };
      } catch (error) {
        return grantFailure('code exchange', error);
      }
    },

    async refresh(refreshToken) {
      const { clientId, clientSecret } = await credentials();
      try {
        const tokens = await client.oauth.tokensApi.create(
          'refresh_token',
          undefined,
          undefined,
          clientId,
          clientSecret,
          refreshToken,
        );
        return {
          accessToken: tokens.accessToken,
          // HubSpot keeps the refresh token; take a new one if it ever sends one.
          refreshToken: tokens.refreshToken || refreshToken,
          expiresInSeconds: tokens.expiresIn,
        };
      } catch (error) {
        return grantFailure('token refresh', error);
      }
    },

    async portalIdOf(accessToken) {
      try {
        const info = await client.oauth.accessTokensApi.get(accessToken);
        return info.hubId;
      } catch (error) {
        const status = statusOf(error);
        throw new VendorError(VENDOR, `access token info failed${status ? ` with ${status}` : ''}`);
      }
    },

    async revoke(refreshToken) {
      try {
        await client.oauth.refreshTokensApi.archive(refreshToken);
        return 'revoked';
      } catch (error) {
        const status = statusOf(error);
        if (status === 404 || status === 400) return 'unknown';
        throw new VendorError(VENDOR, `token revocation failed${status ? ` with ${status}` : ''}`);
      }
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

/** The web app's default local address (CONTRIBUTING.md ports). */
const LOCAL_WEB_ORIGIN = 'http://127.0.0.1:5173';

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
