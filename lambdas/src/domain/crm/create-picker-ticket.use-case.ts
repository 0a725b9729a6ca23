import type { TPickerTicket, TPickerTicketRequest } from '@bidgrid/shared/crm/crm.schema';
import type { CrmPortalRepository } from '../ports/crm-connection.port';
import { requirePortalAdvertisers } from './crm-card-portal';
import { issuePickerTicket } from './picker-ticket';

/** The web app's route the card opens (001 §2 "Public CRM card picker"). */
export const PICKER_PATH = '/public-campaigns-picker';

/** Ports of issuing a picker ticket. */
export interface CreatePickerTicketDeps {
  portals: CrmPortalRepository;
  ticketKey: () => Promise<Buffer>;
  /** The web app's base URL, without a trailing slash. */
  webAppUrl: string;
  now: () => Date;
}

/**
 * `POST /public/crmcard/picker-tickets?portalId {domain, companyName}` (ours): the card, on a company
 * record of a portal connected to an advertiser, gets the ticket and the picker's URL to open. The
 * request's signature was checked before (HubSpot's v3); a portal connected to no advertiser gets 404.
 */
export async function createPickerTicket(
  input: { portalId: number } & TPickerTicketRequest,
  deps: CreatePickerTicketDeps,
): Promise<TPickerTicket> {
  await requirePortalAdvertisers(input.portalId, deps.portals);
  const { ticket, expiresAt } = issuePickerTicket(input, await deps.ticketKey(), deps.now());
  const query = new URLSearchParams({
    portalId: String(input.portalId),
    domain: input.domain,
    companyName: input.companyName,
    ticket,
  });
  return { ticket, expiresAt: expiresAt.toISOString(), pickerUrl: `${deps.webAppUrl}${PICKER_PATH}?${query}` };
}
