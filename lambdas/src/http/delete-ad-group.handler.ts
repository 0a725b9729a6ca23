import { deleteAdGroup as operation } from '@bidgrid/shared/ad-groups/ad-group.operations';
import { creativeCallDeps } from '../adapters/wiring';
import { deleteAdGroup } from '../domain/ad-groups/ad-groups.use-case';
import { httpHandler } from '../entry/http';

/** `DELETE /api/adGroups/delete`: removes an ad group; its creatives stop serving until deleted too. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  deleteAdGroup({ agencyId: caller.agencyId, adGroupId: body.adGroupId }, creativeCallDeps(log)),
);
