import { now } from '@bidgrid/shared/clock';
import { createCrmCardPickerTicket as operation } from '@bidgrid/shared/crm-card/crm-card.operations';
import { crmPortalRepository } from '../adapters/repositories/crm-portal.repository';
import { tokenKeys } from '../adapters/token-keys';
import { webAppUrl } from '../adapters/web-app-url';
import { createPickerTicket } from '../domain/crm/create-picker-ticket.use-case';
import { httpHandler } from '../entry/http';
import { signedRequests } from '../entry/signed-request-guard';

/** `POST /public/crmcard/picker-tickets`: HubSpot-signed; the ticket and URL of the campaign picker. */
export const { handler, raw } = httpHandler(
  operation,
  ({ query, body }) =>
    createPickerTicket(
      { portalId: query.portalId, domain: body.domain, companyName: body.companyName },
      {
        portals: crmPortalRepository,
        ticketKey: async () => (await tokenKeys()).pickerTicket,
        webAppUrl: webAppUrl(),
        now,
      },
    ),
  { signed: signedRequests },
);
