import type { AuthKind } from '@bidgrid/shared/api/operation';
import type { SecretReader } from '../domain/ports/secrets.port';
import { UnauthorizedError } from './errors';
import {
  candidateRequestUris,
  HUBSPOT_SIGNATURE_HEADER,
  HUBSPOT_TIMESTAMP_HEADER,
  hubspotSignatureProblem,
} from './hubspot-signature';
import { STRIPE_SIGNATURE_HEADER, stripeSignatureProblem } from './stripe-signature';

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

/**
 * Refuses (401) a request of a signed operation whose signature is missing, wrong or dated outside
 * the tolerance, either way: HubSpot's v3 signature for `hubspot-signed` operations (the app's client
 * secret), the `Stripe-Signature` for `stripe-signed` ones (the endpoint secret). Runs before the
 * request is validated, so nothing about an unsigned request's shape is ever answered. Other auth
 * kinds pass.
 */
export async function assertSigned(
  auth: AuthKind,
  request: TSignedRequest,
  deps: { secrets: SecretReader; now: number },
): Promise<void> {
  if (auth === 'hubspot-signed') {
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
}
