import type { TLineItem } from '@bidgrid/shared/entities/line-item.schema';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { candidateRequestUris, hubspotSignatureProblem } from '../../lib/hubspot-signature';
import { HUBSPOT_SIGNATURE_HEADER, HUBSPOT_TIMESTAMP_HEADER } from '../../lib/hubspot-signature';
import type { CrmPortalRepository } from '../ports/crm-connection.port';
import type { SecretReader } from '../ports/secrets.port';
import { CAMPAIGN_MESSAGES } from './campaign-access';
import { setLineItemStatus } from './line-item-status.use-case';
import type { LineItemStatusDeps } from './line-item-status.use-case';

/** The request as the handler received it: what the signature covers. */
export interface TSignedRequest {
  headers: Readonly<Record<string, string | undefined>>;
  method: string;
  path: string;
  stagePath: string | null;
  query: Readonly<Record<string, readonly string[]>>;
  rawBody: string | null;
}

/** Ports of the CRM card's line-item status call. */
export interface CrmLineItemStatusDeps extends LineItemStatusDeps {
  portals: CrmPortalRepository;
  secrets: SecretReader;
}

/**
 * `PUT /public/crmcard/line-item-status {beeswaxLineItemId, active}`: a CRM workflow switching a
 * company's line item (dynamic ABM). Only HubSpot may call it: the v3 signature is checked with the
 * app's client secret within a 5-minute window (401 otherwise). The portal is the `portalId` query
 * parameter HubSpot adds to the card's calls, covered by the signature; only line items of campaigns
 * of that portal's advertisers that allow CRM edits (`showInHubspot`) can be switched, anything else
 * answers 404 like a line item that does not exist.
 */
export async function setLineItemStatusFromCrm(
  input: { request: TSignedRequest; beeswaxLineItemId: number; active: boolean },
  deps: CrmLineItemStatusDeps,
): Promise<TLineItem> {
  const { request } = input;
  const problem = hubspotSignatureProblem({
    clientSecret: await deps.secrets('HUBSPOT_CLIENT_SECRET'),
    method: request.method,
    uris: candidateRequestUris(request),
    body: request.rawBody ?? '',
    signature: request.headers[HUBSPOT_SIGNATURE_HEADER],
    timestamp: request.headers[HUBSPOT_TIMESTAMP_HEADER],
    now: deps.now().getTime(),
  });
  if (problem) throw new UnauthorizedError('Unauthorized', { internalMessage: `HubSpot signature ${problem}` });

  const portalId = Number(request.query['portalId']?.[0]);
  if (!Number.isInteger(portalId) || portalId <= 0) {
    throw new BadRequestError('Invalid request. portalId: Required', { portalId: ['Required'] });
  }
  const connected = await deps.portals.listPortalAdvertisers(portalId);
  const agencies = [...new Set(connected.map((c) => c.agencyId))];
  for (const agencyId of agencies) {
    const advertisers = new Set(connected.filter((c) => c.agencyId === agencyId).map((c) => c.advertiserId));
    try {
      return await setLineItemStatus(
        { agencyId, beeswaxLineItemId: input.beeswaxLineItemId, active: input.active },
        deps,
        (campaign) => campaign.showInHubspot && advertisers.has(campaign.bgAdvertiserId),
      );
    } catch (error) {
      // Not this agency's: try the portal's next agency (a portal can serve advertisers of several).
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  throw new NotFoundError(CAMPAIGN_MESSAGES.lineItemNotFound, {
    internalMessage: `Line item ${input.beeswaxLineItemId} not reachable from portal ${portalId}`,
  });
}
