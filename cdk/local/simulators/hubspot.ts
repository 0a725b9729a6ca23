import { randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { escapeHtml } from '../support/http';
import { JsonStore, omitKey } from '../support/json-store';
import type { Logger } from '../support/logger';
import { decodeForm, formString } from './form-encoding';
import { createSimulatorServer, type SimReply, type SimRoute } from './simulator-server';

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
  accessTokens: Record<string, { hubId: number; scopes: string[]; expiresAt: number; userEmail: string }>;
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

/** A CRM list (HubSpot Lists v3): company lists are object type `0-2`, contact lists `0-1`. */
export interface HubSpotList {
  readonly listId: string;
  readonly name: string;
  readonly objectTypeId: '0-1' | '0-2';
  readonly processingType: 'MANUAL' | 'DYNAMIC' | 'SNAPSHOT';
  readonly size: number;
}

/** The lists of each portal: the demo agency's CRM-connected advertiser reads portal 4410001's. */
export const PORTAL_LISTS: Readonly<Record<number, readonly HubSpotList[]>> = {
  4410001: [
    { listId: '101', name: 'Target Accounts Q4', objectTypeId: '0-2', processingType: 'MANUAL', size: 24 },
    { listId: '102', name: 'Tier 1 Prospects', objectTypeId: '0-2', processingType: 'DYNAMIC', size: 12 },
    { listId: '103', name: 'Closed Won 2026', objectTypeId: '0-2', processingType: 'SNAPSHOT', size: 40 },
    { listId: '104', name: 'Newsletter Subscribers', objectTypeId: '0-1', processingType: 'DYNAMIC', size: 1200 },
    { listId: '105', name: 'Webinar Attendees', objectTypeId: '0-1', processingType: 'MANUAL', size: 85 },
  ],
  4410002: [
    { listId: '201', name: 'Rival Key Accounts', objectTypeId: '0-2', processingType: 'MANUAL', size: 8 },
    { listId: '202', name: 'Rival Contacts', objectTypeId: '0-1', processingType: 'DYNAMIC', size: 300 },
  ],
};

/** HubSpot's list search page size: 20 by default, 500 at most. */
const LIST_SEARCH_DEFAULT_COUNT = 20;
const LIST_SEARCH_MAX_COUNT = 500;
const LISTS_CREATED_AT = '2026-09-01T12:00:00.000Z';

/** A list as `POST /crm/v3/lists/search` answers it, with the default additional properties. */
function listSearchResult(list: HubSpotList): Record<string, unknown> {
  return {
    listId: list.listId,
    listVersion: 1,
    name: list.name,
    objectTypeId: list.objectTypeId,
    processingStatus: 'COMPLETE',
    processingType: list.processingType,
    createdAt: LISTS_CREATED_AT,
    createdById: '101',
    filtersUpdatedAt: LISTS_CREATED_AT,
    updatedAt: LISTS_CREATED_AT,
    updatedById: '101',
    additionalProperties: {
      hs_list_size: String(list.size),
      hs_last_record_added_at: String(Date.parse(LISTS_CREATED_AT)),
      hs_list_reference_count: '0',
    },
  };
}

/** HubSpot's 401 body for a missing, unknown or expired access token. */
const unauthenticated = (): SimReply => ({
  status: 401,
  body: {
    status: 'error',
    message: 'Authentication credentials not found. This API supports OAuth 2.0 authentication.',
    correlationId: randomUUID(),
    category: 'INVALID_AUTHENTICATION',
  },
});

/** The app id HubSpot gives our public app (appears in token info). */
const APP_ID = 1_234_567;
const ACCESS_TOKEN_SECONDS = 1800;
const CODE_SECONDS = 600;

const newToken = (prefix: string): string => `${prefix}-${randomUUID()}`;

/** HubSpot's OAuth error body. */
const oauthError = (status: string, message: string): SimReply => ({
  status: 400,
  body: { status, message, correlationId: randomUUID() },
});

/** HubSpot's 404 body for an unknown or expired token. */
const tokenNotFound = (message: string): SimReply => ({
  status: 404,
  body: { status: 'error', message, correlationId: randomUUID() },
});

/** The token endpoint's success body (both grant types answer alike). */
const tokensReply = (refreshToken: string, accessToken: string): SimReply => ({
  status: 200,
  body: {
    token_type: 'bearer',
    refresh_token: refreshToken,
    access_token: accessToken,
    expires_in: ACCESS_TOKEN_SECONDS,
  },
});

/**
 * The CRM (HubSpot) OAuth surface: `GET /oauth/authorize` shows a page to pick a portal and
 * redirects back with `?code=&state=`; `POST /oauth/v1/token` exchanges an authorization code or a
 * refresh token (form bodies, HubSpot's JSON replies and error statuses); `GET
 * /oauth/v1/access-tokens/{token}` tells the token's `hub_id`; `GET|DELETE
 * /oauth/v1/refresh-tokens/{token}` describes or revokes a refresh token. CRM data: `POST
 * /crm/v3/lists/search` pages through the token's portal's lists (`query`, `count` <= 500, `offset`,
 * `objectTypeId`, `processingTypes`, `listIds`) -> `{lists, hasMore, offset, total}`; a missing or
 * expired access token answers 401.
 */
export function createHubSpotSimulator(options: { stateFile?: string; logger: Logger }): {
  server: Server;
  store: JsonStore<HubSpotState>;
} {
  const store = new JsonStore<HubSpotState>(options.stateFile, () => ({
    portals: DEFAULT_PORTALS,
    codes: {},
    accessTokens: {},
    refreshTokens: {},
  }));

  const issueAccessToken = (grant: { hubId: number; scopes: string[]; userEmail: string }): string => {
    const token = newToken('CLocal');
    store.update((s) => {
      s.accessTokens[token] = { ...grant, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000 };
    });
    return token;
  };

  /** Token metadata as HubSpot describes it; `extra` holds the fields of one token kind, in HubSpot's order. */
  const tokenInfo = (
    token: string,
    info: { hubId: number; scopes: string[]; userEmail: string },
    extra: Record<string, unknown>,
    tokenType: 'access' | 'refresh',
  ): SimReply => ({
    status: 200,
    body: {
      token,
      user: info.userEmail,
      hub_domain: store.data.portals.find((p) => p.hubId === info.hubId)?.hubDomain ?? '',
      scopes: info.scopes,
      hub_id: info.hubId,
      ...extra,
      user_id: 101,
      token_type: tokenType,
    },
  });

  /** The portal of the request's bearer access token, or null when it is missing, unknown or expired. */
  const portalOf = (authorization: string | string[] | undefined): number | null => {
    const token = typeof authorization === 'string' ? authorization.replace(/^Bearer\s+/i, '').trim() : '';
    const info = store.data.accessTokens[token];
    return info && info.expiresAt > Date.now() ? info.hubId : null;
  };

  const routes: SimRoute[] = [
    {
      method: 'POST',
      pattern: '/crm/v3/lists/search',
      handle: (req) => {
        const hubId = portalOf(req.headers['authorization']);
        if (hubId === null) return unauthenticated();
        const body = req.json();
        const count = typeof body['count'] === 'number' ? body['count'] : LIST_SEARCH_DEFAULT_COUNT;
        const offset = typeof body['offset'] === 'number' ? body['offset'] : 0;
        if (
          !Number.isInteger(count) ||
          count < 1 ||
          count > LIST_SEARCH_MAX_COUNT ||
          !Number.isInteger(offset) ||
          offset < 0
        ) {
          return {
            status: 400,
            body: {
              status: 'error',
              message: `count must be 1 to ${LIST_SEARCH_MAX_COUNT}, offset 0 or more`,
              category: 'VALIDATION_ERROR',
            },
          };
        }
        const query = typeof body['query'] === 'string' ? body['query'].toLowerCase() : '';
        const types = Array.isArray(body['processingTypes']) ? body['processingTypes'] : null;
        const ids = Array.isArray(body['listIds']) ? body['listIds'].map(String) : null;
        const matching = (PORTAL_LISTS[hubId] ?? []).filter(
          (list) =>
            list.name.toLowerCase().includes(query) &&
            (typeof body['objectTypeId'] !== 'string' || list.objectTypeId === body['objectTypeId']) &&
            (!types || types.includes(list.processingType)) &&
            (!ids || ids.includes(list.listId)),
        );
        const page = matching.slice(offset, offset + count);
        return {
          status: 200,
          body: {
            lists: page.map(listSearchResult),
            hasMore: offset + page.length < matching.length,
            offset: offset + page.length,
            total: matching.length,
          },
        };
      },
    },
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
          s.codes[code] = { hubId, redirectUri, scopes, expiresAt: Date.now() + CODE_SECONDS * 1000 };
        });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        if (req.query.get('state')) back.searchParams.set('state', req.query.get('state') as string);
        return { status: 302, headers: { location: back.toString() } };
      },
    },
    {
      method: 'POST',
      pattern: '/oauth/v1/token',
      handle: (req) => {
        const form = decodeForm(req.body.toString('utf8'));
        const grantType = formString(form, 'grant_type');
        if (formString(form, 'client_id') !== SIMULATOR_SECRETS.HUBSPOT_CLIENT_ID) {
          return oauthError('BAD_CLIENT_ID', 'missing or unknown client id');
        }
        if (formString(form, 'client_secret') !== SIMULATOR_SECRETS.HUBSPOT_CLIENT_SECRET) {
          return oauthError('BAD_CLIENT_SECRET', 'missing or invalid client secret');
        }
        if (grantType === 'authorization_code') {
          const code = formString(form, 'code') ?? '';
          const grant = store.data.codes[code];
          if (!grant || grant.expiresAt < Date.now())
            return oauthError('BAD_AUTH_CODE', 'missing or unknown auth code');
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
          return tokensReply(refreshToken, issueAccessToken({ hubId: grant.hubId, scopes: grant.scopes, userEmail }));
        }
        if (grantType === 'refresh_token') {
          const refreshToken = formString(form, 'refresh_token') ?? '';
          const grant = store.data.refreshTokens[refreshToken];
          if (!grant) return oauthError('BAD_REFRESH_TOKEN', 'missing or unknown refresh token');
          return tokensReply(refreshToken, issueAccessToken(grant));
        }
        return oauthError('BAD_GRANT_TYPE', 'grant_type must be authorization_code or refresh_token');
      },
    },
    {
      method: 'GET',
      pattern: '/oauth/v1/access-tokens/:token',
      handle: (req) => {
        const token = req.params.token ?? '';
        const info = store.data.accessTokens[token];
        if (!info || info.expiresAt < Date.now()) return tokenNotFound('Token not found or expired');
        const expiresIn = Math.max(0, Math.floor((info.expiresAt - Date.now()) / 1000));
        return tokenInfo(token, info, { app_id: APP_ID, expires_in: expiresIn }, 'access');
      },
    },
    {
      method: 'GET',
      pattern: '/oauth/v1/refresh-tokens/:token',
      handle: (req) => {
        const token = req.params.token ?? '';
        const info = store.data.refreshTokens[token];
        if (!info) return tokenNotFound('Refresh token not found');
        return tokenInfo(token, info, { client_id: SIMULATOR_SECRETS.HUBSPOT_CLIENT_ID }, 'refresh');
      },
    },
    {
      method: 'DELETE',
      pattern: '/oauth/v1/refresh-tokens/:token',
      handle: (req) => {
        const token = req.params.token ?? '';
        if (!store.data.refreshTokens[token]) return tokenNotFound('Refresh token not found');
        store.update((s) => {
          s.refreshTokens = omitKey(s.refreshTokens, token);
        });
        return { status: 204 };
      },
    },
  ];
  return { server: createSimulatorServer('hubspot', routes, options.logger), store };
}
