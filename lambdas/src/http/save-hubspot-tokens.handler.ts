import { now } from '@bidgrid/shared/clock';
import { saveHubspotTokens as operation } from '@bidgrid/shared/crm/crm.operations';
import { hubspotOAuth, hubspotRedirectUri } from '../adapters/crm/hubspot-oauth';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { crmConnectionRepository } from '../adapters/repositories/crm-connection.repository';
import { tokenKeys } from '../adapters/token-keys';
import { saveHubspotTokens } from '../domain/crm/save-hubspot-tokens.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/hubspot/oauthtokens`: checks the state, exchanges the code, stores the tokens encrypted. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  saveHubspotTokens(
    { agencyId: caller.agencyId, username: caller.username, body },
    {
      advertisers: advertiserRepository,
      crm: crmConnectionRepository,
      oauth: hubspotOAuth(),
      keys: tokenKeys,
      redirectUri: hubspotRedirectUri(),
      now,
      log,
    },
  ),
);
