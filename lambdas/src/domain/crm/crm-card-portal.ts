import { NotFoundError } from '../../kernel/errors';
import type { CrmPortalRepository, TPortalAdvertiser } from '../ports/crm-connection.port';

/** User messages of the CRM card's public calls (ours, in the spec's tone). */
export const CRM_CARD_MESSAGES = {
  portalNotConnected:
    'This HubSpot account is not connected to any advertiser in BidGrid. Connect it from the advertiser page first.',
  campaignNotFound: 'Campaign not found.',
  advertiserNotFound: 'Advertiser not found.',
} as const;

/**
 * The advertisers (with their agencies) connected to a HubSpot portal (`PORTAL#{portalId}`/`ADV#{adv}`
 * items written when an advertiser connects its CRM): the only ones the card's calls may reach. A
 * portal connected to none answers 404 with a message saying so.
 */
export async function requirePortalAdvertisers(
  portalId: number,
  portals: CrmPortalRepository,
): Promise<TPortalAdvertiser[]> {
  const connected = await portals.listPortalAdvertisers(portalId);
  if (connected.length === 0) {
    throw new NotFoundError(CRM_CARD_MESSAGES.portalNotConnected, {
      internalMessage: `Portal ${portalId} is connected to no advertiser`,
    });
  }
  return connected;
}
