import { updateCreativesLandingPage as operation } from '@bidgrid/shared/ad-groups/creative.operations';
import { creativeCallDeps } from '../adapters/wiring';
import { updateCreativesLandingPage } from '../domain/ad-groups/ad-groups.use-case';
import { httpHandler } from '../entry/http';

/** `PUT /api/creatives/updateLandingPage`: the click URL of every creative of an ad group. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  updateCreativesLandingPage(
    { agencyId: caller.agencyId, adGroupId: body.adGroupId, landingPage: body.landingPage },
    creativeCallDeps(log),
  ),
);
