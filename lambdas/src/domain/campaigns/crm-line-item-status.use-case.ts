import type { TLineItem } from '@bidgrid/shared/campaigns/line-item.schema';
import { NotFoundError } from '../../kernel/errors';
import type { CrmPortalRepository } from '../ports/crm-connection.port';
import { CAMPAIGN_MESSAGES } from './campaign-access';
import { setLineItemStatus } from './line-item-status.use-case';
import type { LineItemStatusDeps } from './line-item-status.use-case';

/** Ports of the CRM card's line-item status call. */
export interface CrmLineItemStatusDeps extends LineItemStatusDeps {
  portals: CrmPortalRepository;
}

/**
 * `PUT /public/crmcard/line-item-status?portalId {beeswaxLineItemId, active}`: a CRM workflow
 * switching a company's line item (dynamic ABM). Only HubSpot may call it: the request middleware
 * checks the v3 signature before anything else (401). The portal is the `portalId` query parameter
 * HubSpot adds to the card's calls, covered by the signature; only line items of campaigns of that
 * portal's advertisers that allow CRM edits (`showInHubspot`) can be switched, anything else answers
 * 404 like a line item that does not exist.
 */
export async function setLineItemStatusFromCrm(
  input: { portalId: number; beeswaxLineItemId: number; active: boolean },
  deps: CrmLineItemStatusDeps,
): Promise<TLineItem> {
  const { portalId } = input;
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
