import { deleteHubspotTokens as operation } from '@bidgrid/shared/crm/crm.operations';
import { hubspotOAuth } from '../adapters/crm/hubspot-oauth';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { crmConnectionRepository } from '../adapters/repositories/crm-connection.repository';
import { tokenKeys } from '../adapters/token-keys';
import { deleteHubspotTokens } from '../domain/crm/delete-hubspot-tokens.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/hubspot/oauthtokens/delete`: revokes and deletes the advertiser's HubSpot tokens. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  deleteHubspotTokens(
    { agencyId: caller.agencyId, advertiserId: body.bgAdvertiserId },
    { advertisers: advertiserRepository, crm: crmConnectionRepository, oauth: hubspotOAuth(), keys: tokenKeys, log },
  ),
);
