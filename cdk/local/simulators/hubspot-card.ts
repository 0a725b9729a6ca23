import { nowMs } from '@bidgrid/shared/clock';
import {
  HUBSPOT_SIGNATURE_HEADER,
  HUBSPOT_TIMESTAMP_HEADER,
  hubspotSignatureV3,
} from '@bidgrid/lambdas/kernel/hubspot-signature';
import { hubspotError } from './hubspot-crm';
import type { SimReply, SimRequest, SimRoute } from './simulator-server';

/**
 * The app card played by the CRM simulator: `hubspot.fetch` as HubSpot runs it for a card (the
 * caller's portalId, userId, userEmail and appId appended as query parameters, the request signed
 * with the v3 signature keyed by the app's client secret, HubSpot's limits), so the public
 * `/public/crmcard/*` calls can be driven locally without HubSpot. HTTPS-only is waived for loopback
 * URLs: the local gateway serves plain http on 127.0.0.1.
 */

/** hubspot.fetch's limits (VENDORS.md "HubSpot"; developers.hubspot.com ui-extensibility/fetching-data). */
export const CARD_FETCH_LIMITS = {
  maxBodyBytes: 1024 * 1024,
  defaultTimeoutMs: 15_000,
  maxTimeoutMs: 120_000,
  concurrentPerAccount: 20,
} as const;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type TMethod = (typeof METHODS)[number];

/** One card request: who is looking at the card, and what it fetches. */
export interface CardFetchInput {
  readonly portalId: number;
  readonly userId: number;
  readonly userEmail: string;
  readonly appId: number;
  readonly method: TMethod;
  readonly url: string;
  /** Sent as JSON, as hubspot.fetch serialises its `body` option. */
  readonly body?: unknown;
  readonly timeoutMs?: number;
}

/** What the card sees: the response, or the failure hubspot.fetch rejects with. */
export type CardFetchResult =
  | { readonly kind: 'response'; readonly status: number; readonly body: unknown; readonly attempts: number }
  | {
      readonly kind: 'failure';
      readonly reason: 'timeout' | 'connection-failed' | 'response-too-large';
      readonly message: string;
      readonly attempts: number;
    };

/** Encodes a query as HubSpot does and as the server's verifier rebuilds it (`encodeURIComponent`, arrival order). */
export const encodeCardQuery = (pairs: ReadonlyArray<readonly [string, string]>): string =>
  pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');

/**
 * The URL hubspot.fetch sends: the card's URL with its own query re-encoded, then portalId, userId,
 * userEmail and appId appended.
 */
export function cardFetchUrl(
  input: Pick<CardFetchInput, 'url' | 'portalId' | 'userId' | 'userEmail' | 'appId'>,
): string {
  const url = new URL(input.url);
  const pairs: Array<readonly [string, string]> = [...url.searchParams.entries()];
  pairs.push(
    ['portalId', String(input.portalId)],
    ['userId', String(input.userId)],
    ['userEmail', input.userEmail],
    ['appId', String(input.appId)],
  );
  return `${url.origin}${url.pathname}?${encodeCardQuery(pairs)}`;
}

/** Why a card URL may not be fetched, or null: HTTPS, or plain http on loopback (waived locally). */
export function cardUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute URL';
  }
  if (url.protocol === 'https:') return null;
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && loopback) return null;
  return 'hubspot.fetch allows only HTTPS URLs (plain http is allowed here for loopback only)';
}

/**
 * Sends one card request as hubspot.fetch does: signed (v3, a fresh timestamp each attempt), JSON
 * body, the timeout, and one retry after a 5xx or a connection failure (not after a timeout).
 */
export async function sendCardFetch(
  input: CardFetchInput,
  deps: { clientSecret: string; now?: () => number; fetchImpl?: typeof fetch },
): Promise<CardFetchResult> {
  const now = deps.now ?? nowMs;
  const send = deps.fetchImpl ?? fetch;
  const uri = cardFetchUrl(input);
  const body = input.body === undefined ? '' : JSON.stringify(input.body);
  const timeoutMs = input.timeoutMs ?? CARD_FETCH_LIMITS.defaultTimeoutMs;
  let attempts = 0;
  for (;;) {
    attempts += 1;
    const timestamp = String(now());
    const signature = hubspotSignatureV3(deps.clientSecret, { method: input.method, uri, body, timestamp });
    let status: number;
    let text: string;
    try {
      const response = await send(uri, {
        method: input.method,
        headers: {
          [HUBSPOT_SIGNATURE_HEADER]: signature,
          [HUBSPOT_TIMESTAMP_HEADER]: timestamp,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      if (timedOut) {
        return { kind: 'failure', reason: 'timeout', message: `No answer within ${timeoutMs} ms`, attempts };
      }
      if (attempts < 2) continue;
      return { kind: 'failure', reason: 'connection-failed', message: (error as Error).message, attempts };
    }
    if (status >= 500 && attempts < 2) continue;
    if (Buffer.byteLength(text) > CARD_FETCH_LIMITS.maxBodyBytes) {
      return { kind: 'failure', reason: 'response-too-large', message: 'The response is over 1 MB', attempts };
    }
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the card sees the text.
    }
    return { kind: 'response', status, body: parsed, attempts };
  }
}

/** A company record of a portal, as the card reads it with fetchCrmObjectProperties. */
export interface CardCompany {
  readonly name: string | null;
  readonly domain: string | null;
}

/** Who the simulator says is looking at the card. */
export interface CardViewer {
  readonly userId: number;
  readonly userEmail: string;
  readonly appId: number;
}

const isPositiveInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * The card's control routes. `POST /__card/fetch {portalId, userId?, userEmail?, appId?, method, url,
 * body?, timeoutMs?}` sends one request as hubspot.fetch would and answers `{status, body,
 * attempts}` (502/504 `{reason, message, attempts}` when hubspot.fetch would reject, 429 beyond 20
 * at once for the account, 413 over 1 MB). `POST /__card/open {portalId, companyId, apiUrl?}` plays
 * the card on a company record: reads the company's name and domain, lists the portal's campaigns,
 * asks the API for a picker ticket and answers `{company, campaigns, pickerUrl, ticket, expiresAt}`.
 */
export function hubspotCardRoutes(options: {
  clientSecret: string;
  /** The viewer of a portal's card (the portal's user and our app id). */
  viewerOf: (portalId: number) => CardViewer | null;
  companyOf: (portalId: number, companyId: string) => CardCompany | null;
  /** The API the card calls when `/__card/open` names none (the local gateway). */
  apiUrl: () => string | null;
  now?: () => number;
  fetchImpl?: typeof fetch;
}): SimRoute[] {
  const inFlight = new Map<number, number>();

  /** Runs a card fetch under the account's concurrency limit; a reply for the control route. */
  const limitedFetch = async (input: CardFetchInput): Promise<CardFetchResult | SimReply> => {
    const running = inFlight.get(input.portalId) ?? 0;
    if (running >= CARD_FETCH_LIMITS.concurrentPerAccount) {
      return hubspotError(
        429,
        `hubspot.fetch allows ${CARD_FETCH_LIMITS.concurrentPerAccount} requests at once per account`,
      );
    }
    inFlight.set(input.portalId, running + 1);
    try {
      return await sendCardFetch(input, {
        clientSecret: options.clientSecret,
        ...(options.now ? { now: options.now } : {}),
        ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
      });
    } finally {
      const left = (inFlight.get(input.portalId) ?? 1) - 1;
      if (left > 0) inFlight.set(input.portalId, left);
      else inFlight.delete(input.portalId);
    }
  };

  const resultReply = (result: CardFetchResult | SimReply): SimReply => {
    if (!('kind' in result)) return result;
    if (result.kind === 'response') {
      return { status: 200, body: { status: result.status, body: result.body, attempts: result.attempts } };
    }
    return {
      status: result.reason === 'timeout' ? 504 : 502,
      body: { reason: result.reason, message: result.message, attempts: result.attempts },
    };
  };

  const cardFetch = async (req: SimRequest): Promise<SimReply> => {
    const input = req.json();
    const portalId = input['portalId'];
    if (!isPositiveInt(portalId)) return hubspotError(400, 'portalId must be a positive integer');
    const viewer = options.viewerOf(portalId);
    const userId = input['userId'] ?? viewer?.userId;
    const userEmail = input['userEmail'] ?? viewer?.userEmail;
    const appId = input['appId'] ?? viewer?.appId;
    if (!isPositiveInt(userId) || typeof userEmail !== 'string' || !userEmail || !isPositiveInt(appId)) {
      return hubspotError(400, 'userId, userEmail and appId are needed (they default for a known portal)');
    }
    const method = typeof input['method'] === 'string' ? input['method'].toUpperCase() : 'GET';
    if (!(METHODS as readonly string[]).includes(method)) {
      return hubspotError(400, `method must be one of ${METHODS.join(', ')}`);
    }
    const url = input['url'];
    if (typeof url !== 'string') return hubspotError(400, 'url is required');
    const problem = cardUrlProblem(url);
    if (problem) return hubspotError(400, problem);
    const timeoutMs = input['timeoutMs'] ?? CARD_FETCH_LIMITS.defaultTimeoutMs;
    if (!isPositiveInt(timeoutMs) || timeoutMs > CARD_FETCH_LIMITS.maxTimeoutMs) {
      return hubspotError(400, `timeoutMs must be at most ${CARD_FETCH_LIMITS.maxTimeoutMs}`);
    }
    const body = input['body'];
    if (body !== undefined && Buffer.byteLength(JSON.stringify(body)) > CARD_FETCH_LIMITS.maxBodyBytes) {
      return hubspotError(413, 'hubspot.fetch bodies are limited to 1 MB');
    }
    return resultReply(
      await limitedFetch({
        portalId,
        userId,
        userEmail,
        appId,
        method: method as TMethod,
        url,
        timeoutMs,
        ...(body === undefined ? {} : { body }),
      }),
    );
  };

  const openCard = async (req: SimRequest): Promise<SimReply> => {
    const input = req.json();
    const portalId = input['portalId'];
    const companyId = input['companyId'];
    if (!isPositiveInt(portalId) || typeof companyId !== 'string') {
      return hubspotError(400, 'Expected {portalId, companyId, apiUrl?}');
    }
    const viewer = options.viewerOf(portalId);
    if (!viewer) return hubspotError(404, `Unknown portal ${portalId}`);
    const company = options.companyOf(portalId, companyId);
    if (!company) return hubspotError(404, `No company ${companyId} in portal ${portalId}`);
    if (!company.domain || !company.name) {
      return hubspotError(409, 'The company has no domain or name: the card cannot offer the picker');
    }
    const apiUrl = typeof input['apiUrl'] === 'string' ? input['apiUrl'] : options.apiUrl();
    if (!apiUrl) return hubspotError(400, 'apiUrl is required: the simulator does not know the API yet');
    const problem = cardUrlProblem(apiUrl);
    if (problem) return hubspotError(400, problem);
    const base = apiUrl.replace(/\/+$/, '');
    const campaigns = await limitedFetch({
      ...viewer,
      portalId,
      method: 'GET',
      url: `${base}/public/crmcard/campaigns`,
    });
    if (!('kind' in campaigns) || campaigns.kind !== 'response' || campaigns.status !== 200) {
      return { status: 502, body: { step: 'campaigns', result: campaigns } };
    }
    const ticket = await limitedFetch({
      ...viewer,
      portalId,
      method: 'POST',
      url: `${base}/public/crmcard/picker-tickets`,
      body: { domain: company.domain, companyName: company.name },
    });
    if (!('kind' in ticket) || ticket.kind !== 'response' || ticket.status !== 200) {
      return { status: 502, body: { step: 'picker-tickets', result: ticket } };
    }
    const campaignsPayload = envelopePayload(campaigns.body);
    const ticketPayload = envelopePayload(ticket.body);
    return {
      status: 200,
      body: {
        company: { id: companyId, name: company.name, domain: company.domain },
        campaigns: campaignsPayload?.['campaigns'] ?? null,
        pickerUrl: ticketPayload?.['pickerUrl'] ?? null,
        ticket: ticketPayload?.['ticket'] ?? null,
        expiresAt: ticketPayload?.['expiresAt'] ?? null,
      },
    };
  };

  return [
    { method: 'POST', pattern: '/__card/fetch', handle: cardFetch },
    { method: 'POST', pattern: '/__card/open', handle: openCard },
  ];
}

/** The `payload` of our API's envelope `{success, payload, error}`, or null. */
function envelopePayload(body: unknown): Record<string, unknown> | null {
  if (typeof body !== 'object' || body === null) return null;
  const payload = (body as { payload?: unknown }).payload;
  return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
}
