import { createHash } from 'node:crypto';
import type { AuthKind } from '@bidgrid/shared/api/operation';
import { PICKER_TICKET_HEADER } from '@bidgrid/shared/api/operation';
import { pickerTicketProblem } from '../domain/crm/picker-ticket';
import type { SecretReader } from '../domain/ports/secrets.port';
import { UnauthorizedError } from '../kernel/errors';
import {
  candidateRequestUris,
  HUBSPOT_SIGNATURE_HEADER,
  HUBSPOT_TIMESTAMP_HEADER,
  hubspotSignatureProblem,
} from '../kernel/hubspot-signature';
import { STRIPE_SIGNATURE_HEADER, stripeSignatureProblem } from '../kernel/stripe-signature';

/** The public user message of a refused Stripe webhook. */
export const INVALID_WEBHOOK_SIGNATURE = 'Invalid webhook signature.';

/** A request as the handler received it: what a signature covers. */
export interface TSignedRequest {
  /** Header names lower-cased. */
  headers: Readonly<Record<string, string | undefined>>;
  method: string;
  path: string;
  stagePath: string | null;
  query: Readonly<Record<string, readonly string[]>>;
  rawBody: string | null;
}

/** What the signature checks read besides the request. */
export interface SignedRequestDeps {
  secrets: SecretReader;
  /** The picker tickets' HMAC key (read only when a request carries a ticket). */
  ticketKey: () => Promise<Buffer>;
  /** Our HubSpot app's id (`HUBSPOT_APP_ID`); null when not configured (then not checked). */
  hubspotAppId: string | null;
  now: number;
}

/**
 * A query parameter's one value; `null` when it was given several times with different values
 * (ambiguous: what was checked might not be what the handler reads, so it is refused).
 */
function oneValue(query: TSignedRequest['query'], name: string): string | undefined | null {
  const values = query[name];
  if (!values || values.length === 0) return undefined;
  return values.every((v) => v === values[0]) ? values[0] : null;
}

/**
 * Refuses (401) a request of a signed operation whose signature is missing, wrong or dated outside
 * the tolerance, either way: HubSpot's v3 signature for `hubspot-signed` operations (the app's client
 * secret), the `Stripe-Signature` for `stripe-signed` ones (the endpoint secret). A
 * `hubspot-signed-or-ticket` operation (the picker page's calls) also takes, instead of the signature,
 * a picker ticket in `X-BidGrid-Picker-Ticket` that is ours, unexpired and issued for the query's
 * portal (and, when the query names them, the company's domain and name). A HubSpot call whose
 * `appId` names another app than ours is refused too. Runs before the request is validated, so
 * nothing about an unsigned request's shape is ever answered. Other auth kinds pass.
 *
 * Answers what names a request HubSpot signed: a digest of its verified signature (the decoded bytes, so
 * another spelling of the same base64 is the same request), which covers the method, URL, body and
 * timestamp. A replay within the signature's window carries the same one. Null for any other request.
 */
export async function assertSigned(
  auth: AuthKind,
  request: TSignedRequest,
  deps: SignedRequestDeps,
): Promise<string | null> {
  if (auth === 'hubspot-signed' || auth === 'hubspot-signed-or-ticket') {
    const appId = oneValue(request.query, 'appId');
    if (appId === null || (appId !== undefined && deps.hubspotAppId !== null && appId.trim() !== deps.hubspotAppId)) {
      throw new UnauthorizedError('Unauthorized', { internalMessage: `HubSpot app ${String(appId)} is not ours` });
    }
    const ticket = request.headers[PICKER_TICKET_HEADER.toLowerCase()];
    if (auth === 'hubspot-signed-or-ticket' && ticket !== undefined) {
      const bound = ['portalId', 'domain', 'companyName'].map((name) => oneValue(request.query, name));
      const [portalId, domain, companyName] = bound;
      const problem = bound.includes(null)
        ? 'ambiguous-query'
        : pickerTicketProblem(
            ticket,
            { portalId: portalId ?? undefined, domain: domain ?? undefined, companyName: companyName ?? undefined },
            await deps.ticketKey(),
            new Date(deps.now),
          );
      if (problem) throw new UnauthorizedError('Unauthorized', { internalMessage: `Picker ticket ${problem}` });
      return null;
    }
    const problem = hubspotSignatureProblem({
      clientSecret: await deps.secrets('HUBSPOT_CLIENT_SECRET'),
      method: request.method,
      uris: candidateRequestUris(request),
      body: request.rawBody ?? '',
      signature: request.headers[HUBSPOT_SIGNATURE_HEADER],
      timestamp: request.headers[HUBSPOT_TIMESTAMP_HEADER],
      now: deps.now,
    });
    if (problem) throw new UnauthorizedError('Unauthorized', { internalMessage: `HubSpot signature ${problem}` });
    const signature = Buffer.from(request.headers[HUBSPOT_SIGNATURE_HEADER] ?? '', 'base64');
    return createHash('sha256').update(signature).digest('base64url');
  }
  if (auth === 'stripe-signed') {
    const problem = stripeSignatureProblem({
      secret: await deps.secrets('STRIPE_WEBHOOK_SECRET'),
      header: request.headers[STRIPE_SIGNATURE_HEADER],
      payload: request.rawBody ?? '',
      now: deps.now,
    });
    if (problem) {
      throw new UnauthorizedError(INVALID_WEBHOOK_SIGNATURE, { internalMessage: `Stripe signature ${problem}` });
    }
  }
  return null;
}
