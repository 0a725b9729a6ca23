import { HUBSPOT_PATHS } from '@bidgrid/lambdas/adapters/crm/hubspot-paths';
import { nowMs } from '@bidgrid/shared/clock';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { LOCAL_HUBSPOT_APP_ID, SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { escapeHtml } from '../support/http';
import { JsonStore, omitKey } from '../support/json-store';
import type { Logger } from '../support/logger';
import { decodeForm, formString } from './form-encoding';
import { hubspotCardRoutes } from './hubspot-card';
import { hubspotCrmRoutes, hubspotError, hubspotErrorBody, portalCompany } from './hubspot-crm';
import { createSimulatorServer, type SimReply, type SimRequest, type SimRoute } from './simulator-server';

export { PORTAL_LISTS, type HubSpotList } from './hubspot-crm';

/** A CRM account (HubSpot "portal"/hub) a user can connect. */
export interface HubSpotPortal {
  readonly hubId: number;
  readonly name: string;
  readonly hubDomain: string;
  readonly userEmail: string;
}

interface HubSpotState {
  portals: HubSpotPortal[];
  codes: Record<string, { hubId: number; redirectUri: string; scopes: string[]; expiresAt: number }>;
  /** Access tokens, each with the refresh token it was issued under (revoking that one revokes it). */
  accessTokens: Record<
    string,
    { hubId: number; scopes: string[]; expiresAt: number; userEmail: string; refreshToken?: string }
  >;
  refreshTokens: Record<string, { hubId: number; scopes: string[]; userEmail: string }>;
}

/** Two portals to pick from on the authorize page. */
const DEFAULT_PORTALS: HubSpotPortal[] = [
  {
    hubId: 4410001,
    name: 'Demo Agency CRM',
    hubDomain: 'demo-agency-crm.hubspot.local',
    userEmail: 'crm@demo.example',
  },
  {
    hubId: 4410002,
    name: 'Rival Agency CRM',
    hubDomain: 'rival-agency-crm.hubspot.local',
    userEmail: 'crm@rival.example',
  },
];

/**
 * The app id HubSpot gives our public app (in token info), which the server trusts locally
 * (`HUBSPOT_APP_ID`): tokens, signatures and the card all name it.
 */
const APP_ID = Number(LOCAL_HUBSPOT_APP_ID);
const ACCESS_TOKEN_SECONDS = 1800;
const CODE_SECONDS = 600;
/** The HubSpot user who connected (token info `user_id`). */
const USER_ID = 101;

const newToken = (prefix: string): string => `${prefix}-${randomUUID()}`;

/** HubSpot's OAuth error body: the error shape, with the OAuth error code as `status` (`BAD_AUTH_CODE`, ...). */
const oauthError = (code: string, message: string): SimReply => ({
  status: 400,
  body: { ...(hubspotErrorBody(400, message) as Record<string, unknown>), status: code },
});

/** The token endpoint's success body (both grant types answer alike; `token_use` as OAuth v3 has it). */
const tokensReply = (
  refreshToken: string,
  accessToken: string,
  grant: { hubId: number; scopes: string[] },
): SimReply => ({
  status: 200,
  body: {
    token_type: 'bearer',
    refresh_token: refreshToken,
    access_token: accessToken,
    expires_in: ACCESS_TOKEN_SECONDS,
    token_use: 'access_token',
    hub_id: grant.hubId,
    user_id: USER_ID,
    scopes: grant.scopes,
  },
});

/**
 * The CRM (HubSpot) simulator. OAuth: `GET /oauth/authorize` shows a page to pick a portal and
 * redirects back with `?code=&state=`; OAuth v3 (the current token API; v1's token-info routes are
 * deprecated), on its 2026-03 paths (`HUBSPOT_PATHS`, the module the client calls them through):
 * `POST /oauth/2026-03/token` exchanges an authorization code or a refresh token,
 * `POST /oauth/2026-03/token/introspect` describes an access or refresh token (`hub_id`, `scopes`,
 * `token_use`), `POST /oauth/2026-03/token/revoke` revokes one; all take form bodies with the app's
 * client id and secret. CRM and CMS data (`hubspot-crm.ts`): companies search, lists search and
 * memberships, contacts batch read, landing pages, site pages, blog posts, each needing a valid
 * access token with its scope (401 / 403 otherwise); the companies search allows 5 requests a
 * second per portal (429 `RATE_LIMITS` beyond). `POST /__expire-tokens {hubId, afterRequests?}` makes
 * the portal's access tokens expire now or after that many more CRM requests (a token running out in
 * the middle of a long fetch). The app card (`hubspot-card.ts`): `POST /__card/fetch` sends a request
 * as the card's `hubspot.fetch` would (signed v3 with the app's client secret), `POST /__card/open`
 * plays the card on a company record up to the picker URL; `setCardApiUrl` tells it the API. Every error is HubSpot's shape
 * `{status, message, correlationId, category}`, unknown routes and crashes included.
 */
export function createHubSpotSimulator(options: {
  stateFile?: string;
  logger: Logger;
  recordDir?: string;
  /** The clock of the search rate limit (tests pass their own). */
  now?: () => number;
  /** The API the card calls (the local gateway; `setCardApiUrl` once it listens). */
  cardApiUrl?: string;
}): {
  server: Server;
  store: JsonStore<HubSpotState>;
  /** Tells the card which API to call (the gateway starts after the simulators). */
  setCardApiUrl: (url: string) => void;
} {
  let cardApiUrl = options.cardApiUrl ?? null;
  const store = new JsonStore<HubSpotState>(options.stateFile, () => ({
    portals: DEFAULT_PORTALS,
    codes: {},
    accessTokens: {},
    refreshTokens: {},
  }));

  const issueAccessToken = (
    grant: { hubId: number; scopes: string[]; userEmail: string },
    refreshToken: string,
  ): string => {
    const token = newToken('CLocal');
    store.update((s) => {
      s.accessTokens[token] = {
        hubId: grant.hubId,
        scopes: grant.scopes,
        userEmail: grant.userEmail,
        refreshToken,
        expiresAt: nowMs() + ACCESS_TOKEN_SECONDS * 1000,
      };
    });
    return token;
  };
  const hubDomainOf = (hubId: number): string => store.data.portals.find((p) => p.hubId === hubId)?.hubDomain ?? '';

  /**
   * Tokens due to expire early (`POST /__expire-tokens`): after this many more CRM requests of the
   * portal, every access token it holds at that moment expires, as HubSpot's do when their 30 minutes
   * run out in the middle of a long fetch.
   */
  const expiring = new Map<number, number>();

  /** Expires every live access token of the portal now. */
  const expirePortalTokens = (hubId: number): number => {
    let expired = 0;
    store.update((s) => {
      for (const info of Object.values(s.accessTokens)) {
        if (info.hubId === hubId && info.expiresAt > nowMs()) {
          info.expiresAt = 0;
          expired += 1;
        }
      }
    });
    return expired;
  };

  /** The portal and scopes of the request's bearer access token, or null when it is missing, unknown or expired. */
  const portalOf = (req: SimRequest): { hubId: number; scopes: string[] } | null => {
    const authorization = req.headers['authorization'];
    const token = typeof authorization === 'string' ? authorization.replace(/^Bearer\s+/i, '').trim() : '';
    const info = store.data.accessTokens[token];
    if (!info || info.expiresAt <= nowMs()) return null;
    const left = expiring.get(info.hubId);
    if (left !== undefined) {
      if (left <= 0) {
        expiring.delete(info.hubId);
        expirePortalTokens(info.hubId);
        return null;
      }
      expiring.set(info.hubId, left - 1);
    }
    return { hubId: info.hubId, scopes: info.scopes };
  };

  /** `POST /__expire-tokens {hubId, afterRequests?}`: the portal's access tokens expire now, or after that many CRM requests. */
  const expireTokens = (req: SimRequest): SimReply => {
    const body = req.json();
    const hubId = body['hubId'];
    const after = body['afterRequests'] ?? 0;
    if (
      typeof hubId !== 'number' ||
      !store.data.portals.some((p) => p.hubId === hubId) ||
      typeof after !== 'number' ||
      !Number.isInteger(after) ||
      after < 0
    ) {
      return { status: 400, body: { message: 'Expected {hubId (a known portal), afterRequests (0 or more)?}' } };
    }
    if (after === 0) return { status: 200, body: { expired: expirePortalTokens(hubId) } };
    expiring.set(hubId, after);
    return { status: 200, body: { expiresAfterRequests: after } };
  };

  /** The form of an OAuth v3 call, or HubSpot's refusal when the app's credentials are wrong. */
  const appForm = (req: SimRequest): ReturnType<typeof decodeForm> | SimReply => {
    const form = decodeForm(req.body.toString('utf8'));
    if (formString(form, 'client_id') !== SIMULATOR_SECRETS.HUBSPOT_CLIENT_ID) {
      return oauthError('BAD_CLIENT_ID', 'missing or unknown client id');
    }
    if (formString(form, 'client_secret') !== SIMULATOR_SECRETS.HUBSPOT_CLIENT_SECRET) {
      return oauthError('BAD_CLIENT_SECRET', 'missing or invalid client secret');
    }
    return form;
  };
  const isReply = (value: unknown): value is SimReply =>
    typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'number';

  const token = (req: SimRequest): SimReply => {
    const form = appForm(req);
    if (isReply(form)) return form;
    const grantType = formString(form, 'grant_type');
    if (grantType === 'authorization_code') {
      const code = formString(form, 'code') ?? '';
      const grant = store.data.codes[code];
      if (!grant || grant.expiresAt < nowMs()) return oauthError('BAD_AUTH_CODE', 'missing or unknown auth code');
      if (formString(form, 'redirect_uri') !== grant.redirectUri) {
        return oauthError('BAD_REDIRECT_URI', 'redirect_uri does not match initial authorization redirect_uri');
      }
      const portal = store.data.portals.find((p) => p.hubId === grant.hubId);
      const userEmail = portal?.userEmail ?? 'crm@example.com';
      const refreshToken = `${randomUUID()}-${randomBytes(4).toString('hex')}`;
      store.update((s) => {
        s.codes = omitKey(s.codes, code);
        s.refreshTokens[refreshToken] = { hubId: grant.hubId, scopes: grant.scopes, userEmail };
      });
      const accessToken = issueAccessToken({ hubId: grant.hubId, scopes: grant.scopes, userEmail }, refreshToken);
      return tokensReply(refreshToken, accessToken, grant);
    }
    if (grantType === 'refresh_token') {
      const refreshToken = formString(form, 'refresh_token') ?? '';
      const grant = store.data.refreshTokens[refreshToken];
      if (!grant) return oauthError('BAD_REFRESH_TOKEN', 'missing or unknown refresh token');
      return tokensReply(refreshToken, issueAccessToken(grant, refreshToken), grant);
    }
    return oauthError('BAD_GRANT_TYPE', 'grant_type must be authorization_code or refresh_token');
  };

  /** `token_type_hint` first, then the other kind, as OAuth token introspection and revocation look tokens up. */
  const findToken = (
    value: string,
    hint: string | undefined,
  ): {
    kind: 'access' | 'refresh';
    info: { hubId: number; scopes: string[]; userEmail: string; expiresAt?: number };
  } | null => {
    const access = store.data.accessTokens[value];
    const refresh = store.data.refreshTokens[value];
    const liveAccess = access && access.expiresAt > nowMs() ? access : undefined;
    const order: Array<'access' | 'refresh'> = hint === 'refresh_token' ? ['refresh', 'access'] : ['access', 'refresh'];
    for (const kind of order) {
      if (kind === 'access' && liveAccess) return { kind, info: liveAccess };
      if (kind === 'refresh' && refresh) return { kind, info: refresh };
    }
    return null;
  };

  const introspect = (req: SimRequest): SimReply => {
    const form = appForm(req);
    if (isReply(form)) return form;
    const value = formString(form, 'token') ?? '';
    const found = findToken(value, formString(form, 'token_type_hint'));
    if (!found) return hubspotError(404, 'Token not found or expired');
    const common = {
      active: true,
      app_id: APP_ID,
      client_id: SIMULATOR_SECRETS.HUBSPOT_CLIENT_ID,
      hub_domain: hubDomainOf(found.info.hubId),
      hub_id: found.info.hubId,
      scopes: found.info.scopes,
      token: value,
      token_type: 'bearer',
      user: found.info.userEmail,
      user_id: USER_ID,
    };
    if (found.kind === 'refresh') return { status: 200, body: { ...common, token_use: 'refresh_token' } };
    const expiresAt = found.info.expiresAt ?? nowMs();
    return {
      status: 200,
      body: {
        ...common,
        token_use: 'access_token',
        expires_in: Math.max(0, Math.floor((expiresAt - nowMs()) / 1000)),
        is_private_distribution: false,
        signed_access_token: {
          appId: APP_ID,
          appInstallId: `${APP_ID}-${found.info.hubId}`,
          audience: 'HUBSPOT',
          expiresAt,
          hubId: found.info.hubId,
          hublet: 'na1',
          installingUserId: USER_ID,
          isPrivateDistribution: false,
          isServiceAccount: false,
          isUserLevel: false,
          newSignature: '',
          scopeToScopeGroupPks: '',
          scopes: found.info.scopes.join(' '),
          signature: '',
          trialScopeToScopeGroupPks: '',
          trialScopes: '',
          userId: USER_ID,
        },
      },
    };
  };

  /** Revokes a refresh token (and the access tokens it issued) or one access token. */
  const revoke = (req: SimRequest): SimReply => {
    const form = appForm(req);
    if (isReply(form)) return form;
    const value = formString(form, 'token') ?? '';
    const found = findToken(value, formString(form, 'token_type_hint'));
    if (!found) return hubspotError(404, 'Token not found or expired');
    store.update((s) => {
      if (found.kind === 'refresh') {
        s.refreshTokens = omitKey(s.refreshTokens, value);
        // Only the access tokens issued under this refresh token: another connection of the same
        // portal (another advertiser) keeps its own.
        for (const [access, info] of Object.entries(s.accessTokens)) {
          if (info.refreshToken === value) s.accessTokens = omitKey(s.accessTokens, access);
        }
      } else s.accessTokens = omitKey(s.accessTokens, value);
    });
    return { status: 200 };
  };

  const routes: SimRoute[] = [
    ...hubspotCrmRoutes({ portalOf, hubDomainOf, ...(options.now ? { now: options.now } : {}) }),
    ...hubspotCardRoutes({
      clientSecret: SIMULATOR_SECRETS.HUBSPOT_CLIENT_SECRET,
      viewerOf: (portalId) => {
        const portal = store.data.portals.find((p) => p.hubId === portalId);
        return portal ? { userId: USER_ID, userEmail: portal.userEmail, appId: APP_ID } : null;
      },
      companyOf: (portalId, companyId) => {
        const props = portalCompany(portalId, companyId);
        return props ? { name: props['name'] ?? null, domain: props['domain'] ?? null } : null;
      },
      apiUrl: () => cardApiUrl,
    }),
    {
      method: 'GET',
      pattern: '/oauth/authorize',
      handle: (req) => {
        const clientId = req.query.get('client_id');
        const redirectUri = req.query.get('redirect_uri');
        if (clientId !== SIMULATOR_SECRETS.HUBSPOT_CLIENT_ID || !redirectUri) {
          return {
            status: 400,
            html: '<!doctype html><title>HubSpot</title><h1>Authorization failed</h1><p>Unknown client_id or missing redirect_uri.</p>',
          };
        }
        const base = new URLSearchParams({
          client_id: clientId,
          redirect_uri: redirectUri,
          scope: req.query.get('scope') ?? '',
          state: req.query.get('state') ?? '',
        });
        const choices = store.data.portals
          .map((p) => {
            const href = `/oauth/authorize/grant?${new URLSearchParams({ ...Object.fromEntries(base), hub_id: String(p.hubId) })}`;
            return `<li><a href="${escapeHtml(href)}">Connect ${escapeHtml(p.name)} (Hub ID ${p.hubId})</a></li>`;
          })
          .join('');
        const deny = new URL(redirectUri);
        deny.searchParams.set('error', 'access_denied');
        if (req.query.get('state')) deny.searchParams.set('state', req.query.get('state') as string);
        return {
          status: 200,
          html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Choose an account - HubSpot (simulator)</title></head>
<body><main><h1>Choose an account</h1><p>BidGrid wants to connect to your HubSpot account.</p>
<ul>${choices}</ul><p><a href="${escapeHtml(deny.toString())}">Cancel</a></p></main></body></html>`,
        };
      },
    },
    {
      method: 'GET',
      pattern: '/oauth/authorize/grant',
      handle: (req) => {
        const redirectUri = req.query.get('redirect_uri') ?? '';
        const hubId = Number(req.query.get('hub_id'));
        if (req.query.get('client_id') !== SIMULATOR_SECRETS.HUBSPOT_CLIENT_ID || !redirectUri) {
          return { status: 400, html: '<!doctype html><title>HubSpot</title><p>Bad authorization request.</p>' };
        }
        if (!store.data.portals.some((p) => p.hubId === hubId)) {
          return { status: 400, html: '<!doctype html><title>HubSpot</title><p>Unknown account.</p>' };
        }
        const code = randomUUID();
        const scopes = (req.query.get('scope') ?? '').split(/[ +]/).filter(Boolean);
        store.update((s) => {
          s.codes[code] = { hubId, redirectUri, scopes, expiresAt: nowMs() + CODE_SECONDS * 1000 };
        });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        if (req.query.get('state')) back.searchParams.set('state', req.query.get('state') as string);
        return { status: 302, headers: { location: back.toString() } };
      },
    },
    { method: 'POST', pattern: HUBSPOT_PATHS.oauthToken, handle: token },
    { method: 'POST', pattern: HUBSPOT_PATHS.oauthIntrospect, handle: introspect },
    { method: 'POST', pattern: HUBSPOT_PATHS.oauthRevoke, handle: revoke },
    { method: 'POST', pattern: '/__expire-tokens', handle: expireTokens },
  ];
  return {
    server: createSimulatorServer('hubspot', routes, options.logger, {
      errorBody: (status, message) => hubspotErrorBody(status, message),
      ...(options.recordDir ? { recordDir: options.recordDir } : {}),
    }),
    store,
    setCardApiUrl: (url) => {
      cardApiUrl = url;
    },
  };
}
