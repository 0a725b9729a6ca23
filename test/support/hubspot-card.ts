import { nowMs } from '@bidgrid/shared/clock';
import { LOCAL_HUBSPOT_APP_ID, SIMULATOR_SECRETS } from '@bidgrid/local/gateway/lambda-env';
import { encodeCardQuery } from '@bidgrid/local/simulators/hubspot-card';
import {
  HUBSPOT_SIGNATURE_HEADER,
  HUBSPOT_TIMESTAMP_HEADER,
  hubspotSignatureV3,
} from '@bidgrid/lambdas/kernel/hubspot-signature';
import { PICKER_TICKET_HEADER } from '@bidgrid/shared/api/operation';
import type { AnyOperation } from '@bidgrid/shared/api/operation';
import type { ApiReply } from './api';
import { stackInfo } from './stack';

/** The portal the seed connects Bluepeak and Keystone to (the demo agency's). */
export const DEMO_PORTAL = 4410001;

/** What `hubspot.fetch` appends to every card call besides the portal: the HubSpot user and our app. */
export const CARD_USER = { userId: '5001', userEmail: 'sales@bluepeaklogistics.com', appId: LOCAL_HUBSPOT_APP_ID };

/** How a card call is sent: signed as HubSpot does unless `ticket` is given (the picker page's way). */
export interface CardCallOptions {
  query?: Record<string, string | number>;
  body?: unknown;
  /** The app's client secret to sign with (another app's to test refusal). */
  secret?: string;
  /** Milliseconds since the epoch put in `X-HubSpot-Request-Timestamp`. */
  timestamp?: number;
  /** Sign this body instead of the one sent (a tampered body). */
  signedBody?: unknown;
  /** Sign this query instead of the one sent (a tampered URL). */
  signedQuery?: Record<string, string | number>;
  /** Send no signature, this picker ticket instead. */
  ticket?: string;
  /** Write the query form-encoded (`URLSearchParams`: a space as `+`) rather than percent-encoded. */
  formEncoded?: boolean;
}

/** A query string as the server rebuilds it to check a signature (`encodeURIComponent`, arrival order). */
const queryText = (query: Record<string, string | number>): string =>
  encodeCardQuery(Object.entries(query).map(([name, value]) => [name, String(value)] as const));

/**
 * Calls a `/public/crmcard/*` operation as the HubSpot app card does: HubSpot's v3 signature (HMAC-SHA256
 * of method, URI, body and timestamp with the app's client secret), or a picker ticket header.
 */
export async function callAsCard(op: AnyOperation, options: CardCallOptions = {}): Promise<ApiReply> {
  const query = options.query ?? {};
  const url = (q: Record<string, string | number>) => {
    const text = options.formEncoded
      ? new URLSearchParams(Object.entries(q).map(([name, value]) => [name, String(value)])).toString()
      : queryText(q);
    return `${stackInfo().apiUrl}${op.path}${text ? `?${text}` : ''}`;
  };
  const body = options.body === undefined ? '' : JSON.stringify(options.body);
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.ticket !== undefined) {
    headers[PICKER_TICKET_HEADER] = options.ticket;
  } else {
    const timestamp = String(options.timestamp ?? nowMs());
    headers[HUBSPOT_TIMESTAMP_HEADER] = timestamp;
    headers[HUBSPOT_SIGNATURE_HEADER] = hubspotSignatureV3(options.secret ?? SIMULATOR_SECRETS.HUBSPOT_CLIENT_SECRET, {
      method: op.method,
      uri: url(options.signedQuery ?? query),
      body: options.signedBody === undefined ? body : JSON.stringify(options.signedBody),
      timestamp,
    });
  }
  const res = await fetch(url(query), {
    method: op.method,
    headers,
    ...(op.method === 'GET' ? {} : { body }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as ApiReply['body']) : {} };
}
