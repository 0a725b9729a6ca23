import { now } from '@bidgrid/shared/clock';
import { getHubspotAuthUrl as operation } from '@bidgrid/shared/crm/crm.operations';
import { hubspotOAuth, hubspotRedirectUri } from '../adapters/crm/hubspot-oauth';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { crmConnectionRepository } from '../adapters/repositories/crm-connection.repository';
import { tokenKeys } from '../adapters/token-keys';
import { getHubspotAuthUrl } from '../domain/crm/get-hubspot-auth-url.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/hubspot/auth/{advertiserId}`: the HubSpot authorization URL with a signed one-time state. */
export const { handler, raw } = httpHandler(operation, ({ caller, params }) =>
  getHubspotAuthUrl(
    { agencyId: caller.agencyId, username: caller.username, advertiserId: params.advertiserId },
    {
      advertisers: advertiserRepository,
      states: crmConnectionRepository,
      oauth: hubspotOAuth(),
      stateKey: async () => (await tokenKeys()).oauthState,
      redirectUri: hubspotRedirectUri(),
      now,
    },
  ),
);
